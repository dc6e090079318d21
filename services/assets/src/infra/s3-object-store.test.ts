import { describe, expect, it } from "vitest";
import { makeS3ObjectStore } from "./s3-object-store";

const config = {
  S3_ENDPOINT: "http://minio.internal:9000",
  S3_REGION: "eu-central-1",
  S3_ACCESS_KEY_ID: "AKIDEXAMPLE",
  S3_SECRET_ACCESS_KEY: "secret",
  S3_BUCKET: "assets",
};
const signedAt = new Date("2026-11-22T10:00:00.000Z");

describe("presigned URLs (signed locally, no network)", () => {
  it("binds the PUT to its Content-Type: the header is signed, so another type breaks the signature", async () => {
    const store = makeS3ObjectStore(config);
    const png = new URL(await store.presignPut("orgs/o/uploads/a", "image/png", signedAt, 900));
    const jpeg = new URL(await store.presignPut("orgs/o/uploads/a", "image/jpeg", signedAt, 900));
    expect(png.searchParams.get("X-Amz-SignedHeaders")).toBe("content-type;host");
    expect(png.searchParams.get("X-Amz-Expires")).toBe("900");
    expect(png.searchParams.get("X-Amz-Date")).toBe("20261122T100000Z");
    expect(png.searchParams.get("X-Amz-Signature")).not.toBe(jpeg.searchParams.get("X-Amz-Signature"));
    expect([...png.searchParams.keys()].filter((k) => /checksum/i.test(k))).toEqual([]);
    store.close();
  });

  it("signs client URLs for S3_PUBLIC_ENDPOINT when set, and for S3_ENDPOINT otherwise", async () => {
    const internal = makeS3ObjectStore(config);
    expect(await internal.presignGet("orgs/o/assets/a", signedAt, 900)).toMatch(
      /^http:\/\/minio\.internal:9000\/assets\/orgs\/o\/assets\/a\?/,
    );
    const exposed = makeS3ObjectStore({ ...config, S3_PUBLIC_ENDPOINT: "https://files.example.com" });
    expect(await exposed.presignGet("orgs/o/assets/a", signedAt, 900)).toMatch(
      /^https:\/\/files\.example\.com\/assets\/orgs\/o\/assets\/a\?/,
    );
    expect(await exposed.presignPut("orgs/o/uploads/a", "image/png", signedAt, 900)).toMatch(
      /^https:\/\/files\.example\.com\//,
    );
    internal.close();
    exposed.close();
  });
});
