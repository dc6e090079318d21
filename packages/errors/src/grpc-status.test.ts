import { Metadata, status } from "@grpc/grpc-js";
import { describe, expect, it } from "vitest";
import { AppError, UpstreamUnavailableError } from "./app-error";
import { ERROR_METADATA_KEY, fromGrpcError, toGrpcError } from "./grpc-status";

/**
 * What crosses a gRPC hop beside the code, found undefended by the mutation pass: the error id of an
 * internal error (the gateway shows it, so one id finds both log lines), `Retry-After`, and the status
 * fallbacks when a peer sends no contract code.
 */
describe("errors across a gRPC hop", () => {
  it("carries the logged error id on internal errors only", () => {
    const internal = fromGrpcError(toGrpcError(new Error("boom"), { errorId: "err-12345678" }), "assets");
    expect(internal.code).toBe("internal");
    expect(internal.extensions.errorId).toBe("err-12345678");
    const notFound = fromGrpcError(
      toGrpcError(new AppError("not-found", "Asset was not found."), { errorId: "err-12345678" }),
      "assets",
    );
    expect(notFound.extensions.errorId).toBeUndefined();
    expect(fromGrpcError(toGrpcError(new Error("boom")), "assets").extensions.errorId).toBeUndefined();
  });

  it("carries Retry-After, and leaves it out when there is none", () => {
    const busy = fromGrpcError(toGrpcError(new UpstreamUnavailableError("Busy.", 17)), "publishing");
    expect(busy).toMatchObject({ code: "upstream-unavailable", retryAfterSeconds: 17 });
    const conflict = fromGrpcError(toGrpcError(new AppError("invalid-state", "No.")), "publishing");
    expect(conflict.retryAfterSeconds).toBeUndefined();
  });

  it("maps a peer's bare status when no contract code came with it", () => {
    const bare = (code: status, metadata?: Metadata) =>
      fromGrpcError({ code, details: "x", metadata }, "iot");
    expect(bare(status.NOT_FOUND).code).toBe("not-found");
    expect(bare(status.UNIMPLEMENTED)).toMatchObject({
      code: "not-implemented",
      message: expect.stringMatching(/iot/),
    });
    expect(bare(status.CANCELLED)).toMatchObject({ code: "upstream-unavailable", retryAfterSeconds: 5 });
    expect(bare(status.DATA_LOSS).code).toBe("internal");
    const garbled = new Metadata();
    garbled.set(ERROR_METADATA_KEY, Buffer.from("{not json"));
    expect(bare(status.NOT_FOUND, garbled).code).toBe("not-found");
    const unknownCode = new Metadata();
    unknownCode.set(ERROR_METADATA_KEY, Buffer.from(JSON.stringify({ code: "teapot", detail: "x" })));
    expect(bare(status.INTERNAL, unknownCode).code).toBe("internal");
  });

  it("hands an AppError back unchanged", () => {
    const error = new AppError("gallery-full", "Full.");
    expect(fromGrpcError(error, "publishing")).toBe(error);
  });
});
