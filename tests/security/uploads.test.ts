import { readFile } from "node:fs/promises";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { afterAll, describe, expect, it } from "vitest";
import { securityStack } from "./support/context";
import { jsonRequest, send } from "./support/http";
import { problemViolations } from "./support/problem";
import { Resources } from "./support/resources";

/**
 * Uploads through the API against the launched stack, with the object store watched: the s3rver the
 * global setup started logs every put, copy and delete, so a test can prove what finalise did (and did
 * not do) in storage, not only what it answered.
 */
const stack = securityStack();
const ICON_LIMIT_BYTES = 1024 * 1024;
const s3 = new S3Client({
  endpoint: stack.s3.endpoint,
  region: stack.s3.region,
  forcePathStyle: true,
  credentials: { accessKeyId: stack.s3.accessKeyId, secretAccessKey: stack.s3.secretAccessKey },
});
afterAll(() => s3.destroy());

interface S3Event {
  Records: { eventName: string; s3: { object: { key: string } } }[];
}

/** The store's events so far that touched a key naming `assetId`, as `eventName key`. */
async function eventsFor(assetId: string): Promise<string[]> {
  const text = await readFile(stack.s3EventsFile, "utf8").catch(() => "");
  return text
    .split("\n")
    .filter(Boolean)
    .flatMap((line) => (JSON.parse(line) as S3Event).Records)
    .map((record) => `${record.eventName} ${decodeURIComponent(record.s3.object.key)}`)
    .filter((event) => event.includes(assetId));
}

async function keysNaming(assetId: string): Promise<string[]> {
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: stack.s3.bucket }));
  return (listed.Contents ?? []).map((o) => o.Key ?? "").filter((key) => key.includes(assetId));
}

describe("uploads", () => {
  it("refuses an icon over its size limit with 409 asset-invalid, without ever copying it, and deletes it", async () => {
    const a = new Resources(stack.gatewayUrl, stack.tokens.a);
    const session = await a.pendingAsset("icon");
    // A PNG signature and then padding: only the size matters, and the size is the first thing checked.
    const bytes = Buffer.alloc(ICON_LIMIT_BYTES + 1, 0);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
    const put = await fetch(session.uploadUri, {
      method: "PUT",
      headers: session.uploadHeaders,
      body: bytes,
    });
    expect(put.status).toBe(200);
    expect(await eventsFor(session.assetId)).toEqual([expect.stringMatching(/^ObjectCreated:Put /)]);

    const finalise = () =>
      send(
        stack.gatewayUrl,
        jsonRequest("POST", `/assets/${session.assetId}/finalise`, stack.tokens.a, {
          assetId: session.assetId,
          sizeBytes: bytes.length,
          width: 256,
          height: 256,
        }),
      );
    const refused = await finalise();
    expect(refused.status, refused.text).toBe(409);
    expect(problemViolations(refused)).toEqual([]);
    expect(refused.json).toMatchObject({ code: "asset-invalid", reasons: expect.any(Array) });

    const events = await eventsFor(session.assetId);
    expect(
      events.filter((e) => e.startsWith("ObjectCreated:Copy")),
      "finalise copied the object",
    ).toEqual([]);
    expect(await keysNaming(session.assetId), "objects left in the store").toEqual([]);

    const again = await finalise();
    expect(again.status).toBe(409);
    expect((again.json as { code: string }).code).toBe("asset-invalid");
  });

  it("hands out upload addresses that sign the content type and expire within 15 minutes", async () => {
    const session = await new Resources(stack.gatewayUrl, stack.tokens.a).pendingAsset("image");
    const url = new URL(session.uploadUri);
    const signed = url.searchParams.get("X-Amz-SignedHeaders")?.split(";") ?? [];
    expect(signed).toContain("content-type");
    const expires = Number(url.searchParams.get("X-Amz-Expires"));
    expect(expires).toBeGreaterThan(0);
    expect(expires).toBeLessThanOrEqual(900);
    expect(session.uploadHeaders).toEqual({ "Content-Type": "image/png" });
  });
});
