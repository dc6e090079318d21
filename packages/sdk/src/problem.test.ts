import { afterEach, describe, expect, it } from "vitest";
import { createMarketplaceClient } from "./client";
import { MarketplaceError, unwrap } from "./problem";
import { problem, sendJson, startStub } from "./stub-server.test-support";

let stub: Awaited<ReturnType<typeof startStub>> | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

const createInstance = (url: string) =>
  createMarketplaceClient({ baseUrl: url, token: "t" }).POST("/marketplace/instances", {
    body: { name: "", defaultCurrency: "EUR", platformFeeBps: 100 },
  });

describe("problem+json as MarketplaceError", () => {
  it("surfaces status, code, detail and field errors of a validation problem", async () => {
    const errors = { "body.name": ["must not be empty"], "body.platformFeeBps": ["too low", "odd"] };
    stub = await startStub((_request, res) =>
      sendJson(res, 400, problem(400, "validation-failed", "body.name must not be empty", { errors })),
    );
    const thrown = await unwrap(createInstance(stub.url)).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(MarketplaceError);
    const error = thrown as MarketplaceError;
    expect(error.status).toBe(400);
    expect(error.code).toBe("validation-failed");
    expect(error.detail).toBe("body.name must not be empty");
    expect(error.fieldErrors).toEqual(errors);
    expect(error.message).toBe("400 validation-failed: body.name must not be empty");
  });

  it("keeps extra members and has no field errors for other problems", async () => {
    stub = await startStub((_request, res) =>
      sendJson(res, 409, problem(409, "invalid-state", "Already published.", { state: "published" })),
    );
    const error = (await unwrap(createInstance(stub.url)).catch((e: unknown) => e)) as MarketplaceError;
    expect(error).toMatchObject({ status: 409, code: "invalid-state", fieldErrors: {} });
    expect(error.problem?.state).toBe("published");
  });

  it("maps an answer that is not problem+json to its status", async () => {
    stub = await startStub((_request, res) => {
      res.writeHead(502, { "content-type": "text/plain" });
      res.end("bad gateway");
    });
    const error = (await unwrap(createInstance(stub.url)).catch((e: unknown) => e)) as MarketplaceError;
    expect(error).toBeInstanceOf(MarketplaceError);
    expect(error).toMatchObject({ status: 502, code: undefined, detail: "bad gateway" });
  });

  it("returns the data of a success", async () => {
    const instance = { id: "0193a5d0-0000-7000-8000-000000000001", name: "x" };
    stub = await startStub((_request, res) => sendJson(res, 200, instance));
    await expect(unwrap(createInstance(stub.url))).resolves.toEqual(instance);
  });
});
