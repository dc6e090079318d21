import { AppError, ConflictError, NotFoundError, type Problem } from "@mp/errors";
import { describe, expect, it } from "vitest";
import type { AssetsClient } from "../../clients";
import {
  expectProblem,
  fakeCatalogue,
  fakeClients,
  fakeUpstream,
  notFoundCatalogue,
  ORG_A,
  useTestApp,
} from "../../testing/test-kit";

const ASSET_ID = "0193A1B2-0000-7000-8000-0000000000CC";
const asset = {
  id: ASSET_ID,
  organisationId: ORG_A,
  assetType: "icon",
  mimeType: "image/png",
  fileName: "logo.png",
  sizeBytes: "2048",
  width: 256,
  height: 256,
  status: "ready",
  url: "http://s3.local/marketplace/orgs/a/assets/c?X-Amz-Signature=abc",
  createdAt: "2026-11-22T11:00:00+01:00",
};

type Handler = (method: string, request: unknown) => unknown;
let handler: Handler = () => undefined;
const { client: assets, calls } = fakeUpstream<AssetsClient>((method, request) => handler(method, request));

const gateway = useTestApp({ clients: fakeClients(fakeCatalogue(notFoundCatalogue).client, {}, { assets }) });

const post = async (url: string, payload: unknown, roles: ("developer" | "provider")[] = ["developer"]) =>
  gateway.app.inject({
    method: "POST",
    url,
    headers: { authorization: `Bearer ${await gateway.keys.token(roles)}` },
    payload: payload as Record<string, unknown>,
  });

const fieldErrors = (problem: Problem) => problem.errors as Record<string, string[]>;

const finaliseBody = { assetId: ASSET_ID.toLowerCase(), sizeBytes: 2048, width: 256, height: 256 };

describe("POST /assets/upload-session", () => {
  it("starts an upload for a developer, passing the trimmed body and the caller upstream", async () => {
    handler = () => ({
      assetId: ASSET_ID,
      uploadUri: "http://s3.local/marketplace/orgs/a/uploads/c?X-Amz-SignedHeaders=content-type%3Bhost",
      uploadMethod: "PUT",
      uploadHeaders: { "Content-Type": "image/png" },
      expiresAt: "2026-11-22T11:15:00+01:00",
    });
    const response = await post("/assets/upload-session", {
      assetType: "icon",
      mimeType: "image/png",
      fileName: "  logo.png ",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      assetId: ASSET_ID.toLowerCase(),
      uploadUri: "http://s3.local/marketplace/orgs/a/uploads/c?X-Amz-SignedHeaders=content-type%3Bhost",
      uploadMethod: "PUT",
      uploadHeaders: { "Content-Type": "image/png" },
      expiresAt: "2026-11-22T10:15:00.000Z",
    });
    const call = calls.at(-1);
    expect(call).toMatchObject({
      method: "createUploadSession",
      request: { assetType: "icon", mimeType: "image/png", fileName: "logo.png" },
      ctx: { principal: { organisationId: ORG_A, roles: ["developer"] } },
    });
    expect(call?.ctx.requestId).toBe(response.headers["x-request-id"]);
  });

  it("needs the developer role and a credential", async () => {
    const before = calls.length;
    expectProblem(
      await post("/assets/upload-session", { assetType: "icon", mimeType: "image/png", fileName: "a" }, [
        "provider",
      ]),
      403,
      "forbidden",
    );
    const anonymous = await gateway.app.inject({
      method: "POST",
      url: "/assets/upload-session",
      payload: { assetType: "icon", mimeType: "image/png", fileName: "a" },
    });
    expectProblem(anonymous, 401, "unauthenticated");
    expect(calls.length).toBe(before);
  });

  it("rejects unknown types, unsafe file names and unknown fields before calling upstream", async () => {
    const before = calls.length;
    const body = expectProblem(
      await post("/assets/upload-session", {
        assetType: "video",
        mimeType: "image/gif",
        fileName: "../a.png",
      }),
      400,
      "validation-failed",
    );
    expect(Object.keys(fieldErrors(body)).sort()).toEqual([
      "body.assetType",
      "body.fileName",
      "body.mimeType",
    ]);
    expectProblem(
      await post("/assets/upload-session", {
        assetType: "icon",
        mimeType: "image/png",
        fileName: "a\u0000b",
      }),
      400,
      "validation-failed",
    );
    expectProblem(
      await post("/assets/upload-session", {
        assetType: "icon",
        mimeType: "image/png",
        fileName: "a.png",
        organisationId: ORG_A,
      }),
      400,
      "validation-failed",
    );
    expectProblem(
      await post("/assets/upload-session", {
        assetType: "icon",
        mimeType: "image/png",
        fileName: "x".repeat(256),
      }),
      400,
      "validation-failed",
    );
    expect(calls.length).toBe(before);
  });
});

describe("POST /assets/{assetId}/finalise", () => {
  it("finalises and maps the asset: lowercase id, ISO timestamp, number size", async () => {
    handler = () => asset;
    const response = await post(`/assets/${ASSET_ID}/finalise`, { ...finaliseBody, assetId: ASSET_ID });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      id: ASSET_ID.toLowerCase(),
      assetType: "icon",
      mimeType: "image/png",
      fileName: "logo.png",
      sizeBytes: 2048,
      width: 256,
      height: 256,
      status: "ready",
      url: asset.url,
      createdAt: "2026-11-22T10:00:00.000Z",
    });
    expect(calls.at(-1)).toMatchObject({ method: "finaliseAsset", request: finaliseBody });
  });

  it("rejects a body id that differs from the path id, and numbers of the wrong shape", async () => {
    const before = calls.length;
    const mismatch = expectProblem(
      await post(`/assets/${ASSET_ID}/finalise`, {
        ...finaliseBody,
        assetId: "0193a1b2-0000-7000-8000-0000000000dd",
      }),
      400,
      "validation-failed",
    );
    expect(fieldErrors(mismatch)).toEqual({
      "body.assetId": [expect.any(String)],
    });
    const bounds = expectProblem(
      await post(`/assets/${ASSET_ID}/finalise`, {
        ...finaliseBody,
        sizeBytes: 0,
        width: 2 ** 31,
        height: 1.5,
      }),
      400,
      "validation-failed",
    );
    expect(Object.keys(fieldErrors(bounds)).sort()).toEqual(["body.height", "body.sizeBytes", "body.width"]);
    expectProblem(await post("/assets/not-a-guid/finalise", finaliseBody), 400, "validation-failed");
    expect(calls.length).toBe(before);
  });

  it("leaves the contract's size and pixel bounds to the assets service (409 asset-invalid, not 400)", async () => {
    const before = calls.length;
    handler = () => {
      throw new ConflictError("asset-invalid", "The uploaded object does not match the asset.", {
        extensions: { reasons: ["size-over-limit", "dimensions-out-of-range"] },
      });
    };
    const oversized = { ...finaliseBody, sizeBytes: 6 * 1024 * 1024, width: 5000, height: 5000 };
    expectProblem(await post(`/assets/${ASSET_ID}/finalise`, oversized), 409, "asset-invalid");
    expect(calls.length).toBe(before + 1);
    expect(calls.at(-1)).toMatchObject({ method: "finaliseAsset", request: oversized });
  });

  it("passes not-found through (unknown or another organisation's asset)", async () => {
    handler = () => {
      throw new NotFoundError("Asset");
    };
    expectProblem(await post(`/assets/${ASSET_ID}/finalise`, finaliseBody), 404, "not-found");
  });

  it("passes asset-invalid through with every reason", async () => {
    handler = () => {
      throw new ConflictError("asset-invalid", "The uploaded object does not match the asset.", {
        extensions: { reasons: ["size-mismatch", "not-square"] },
      });
    };
    const body = expectProblem(
      await post(`/assets/${ASSET_ID}/finalise`, finaliseBody),
      409,
      "asset-invalid",
    );
    expect(body).toMatchObject({ reasons: ["size-mismatch", "not-square"] });
  });

  it("passes upload-expired through, and upstream outages as 503", async () => {
    handler = () => {
      throw new ConflictError("upload-expired", "The upload address expired.", {
        extensions: { expiresAt: "2026-11-22T10:15:00.000Z" },
      });
    };
    const expired = expectProblem(
      await post(`/assets/${ASSET_ID}/finalise`, finaliseBody),
      409,
      "upload-expired",
    );
    expect(expired).toMatchObject({ expiresAt: "2026-11-22T10:15:00.000Z" });
    handler = () => {
      throw new AppError("upstream-unavailable", "assets is down", { retryAfterSeconds: 5 });
    };
    const down = await post(`/assets/${ASSET_ID}/finalise`, finaliseBody);
    expectProblem(down, 503, "upstream-unavailable");
    expect(down.headers["retry-after"]).toBe("5");
  });
});
