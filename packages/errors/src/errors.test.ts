import { status } from "@grpc/grpc-js";
import { describe, expect, it } from "vitest";
import { AppError, ConflictError, NotFoundError, RequestIdReusedError, ValidationError } from "./app-error";
import { fromGrpcError, toGrpcError } from "./grpc-status";
import { toProblem } from "./problem";

describe("errors across a gRPC hop", () => {
  it("keeps code, detail and extensions", () => {
    const original = new ConflictError("item-not-ready", "Not ready.", {
      extensions: { unmet: ["displayName", "release"] },
    });
    const wire = toGrpcError(original);
    expect(wire.code).toBe(status.FAILED_PRECONDITION);
    const back = fromGrpcError(wire, "publishing");
    expect(back.code).toBe("item-not-ready");
    expect(back.status).toBe(409);
    expect(back.extensions).toEqual({ unmet: ["displayName", "release"] });
  });

  it("names what an earlier creation under a reused request id made", () => {
    const wire = toGrpcError(new RequestIdReusedError("r-1", "listing", "l-1", "listingId"));
    const back = fromGrpcError(wire, "listings");
    expect(back.code).toBe("request-id-reused");
    expect(back.status).toBe(409);
    expect(back.extensions).toEqual({ listingId: "l-1" });
    expect(back.message).toBe(
      "Request id r-1 already created listing l-1 with other values; send a new X-Request-Id for a new listing.",
    );
  });

  it("hides unknown errors as internal", () => {
    const wire = toGrpcError(new Error('relation "x" does not exist'));
    expect(wire.code).toBe(status.INTERNAL);
    expect(wire.details).not.toContain("relation");
    expect(fromGrpcError(wire, "catalogue").code).toBe("internal");
  });

  it("maps transport failures to upstream-unavailable", () => {
    const e = fromGrpcError({ code: status.UNAVAILABLE, details: "connect ECONNREFUSED" }, "catalogue");
    expect(e.code).toBe("upstream-unavailable");
    expect(e.status).toBe(503);
    expect(fromGrpcError({ code: status.DEADLINE_EXCEEDED }, "catalogue").code).toBe("upstream-unavailable");
  });
});

describe("problem bodies", () => {
  it("carries the contract members and field errors", () => {
    const p = toProblem(new ValidationError({ "query.pageSize": ["must be >= 1"] }), {
      instance: "/marketplace/instances",
      traceId: "abc",
    });
    expect(p).toMatchObject({
      status: 400,
      code: "validation-failed",
      instance: "/marketplace/instances",
      traceId: "abc",
      errors: { "query.pageSize": ["must be >= 1"] },
    });
    expect(p.type).toMatch(/validation-failed$/);
  });

  it("never leaks the message of an unknown error", () => {
    const p = toProblem(new Error("password=hunter2"), { instance: "/x", traceId: "t", errorId: "e1" });
    expect(p.status).toBe(500);
    expect(JSON.stringify(p)).not.toContain("hunter2");
    expect(p.detail).toContain("e1");
    expect(p.errorId).toBe("e1");
  });

  it("gives an extension no way to override the standard members", () => {
    const p = toProblem(new AppError("not-found", "gone", { extensions: { status: 200 } }), {
      instance: "/x",
      traceId: "t",
    });
    expect(p.status).toBe(404);
    expect(new NotFoundError("Instance").message).toBe("Instance was not found.");
  });
});
