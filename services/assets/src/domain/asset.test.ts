import { ValidationError } from "@mp/errors";
import { describe, expect, it } from "vitest";
import {
  type AssetType,
  assetObjectsPrefix,
  checkObject,
  createPendingAsset,
  type DeclaredObject,
  finalisedObjectKey,
  isAssetId,
  isUploadExpired,
  type ObjectFacts,
  UPLOAD_PREFIX,
  UPLOAD_TTL_MS,
  uploadKey,
  validateDeclaredObject,
  validateNewUploadSession,
} from "./asset";

const ORG = "0193A1B2-0000-7000-8000-00000000000A";
const ID = "0193a1b2-0000-7000-8000-0000000000ff";
const MIB = 1024 * 1024;

describe("validateNewUploadSession", () => {
  it("accepts the contract's types and trims the file name", () => {
    expect(
      validateNewUploadSession({ assetType: "icon", mimeType: "image/png", fileName: " a.png " }),
    ).toEqual({ assetType: "icon", mimeType: "image/png", fileName: "a.png" });
    expect(
      validateNewUploadSession({ assetType: "image", mimeType: "image/jpeg", fileName: "x".repeat(255) })
        .fileName,
    ).toHaveLength(255);
  });

  it("names every invalid field at once", () => {
    try {
      validateNewUploadSession({ assetType: "video", mimeType: "image/gif", fileName: "  " });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect(Object.keys((error as ValidationError).errors).sort()).toEqual([
        "body.assetType",
        "body.fileName",
        "body.mimeType",
      ]);
    }
  });

  it.each([
    "x".repeat(256),
    "../etc/passwd",
    "dir/a.png",
    "dir\\a.png",
    "a\u0000.png",
    "line\nbreak.png",
    "del\u007f.png",
    "c1\u0085.png",
  ])("rejects the file name %j", (fileName) => {
    expect(() => validateNewUploadSession({ assetType: "icon", mimeType: "image/png", fileName })).toThrow(
      ValidationError,
    );
  });

  it("accepts unicode and spaces inside a file name", () => {
    expect(
      validateNewUploadSession({ assetType: "icon", mimeType: "image/png", fileName: "Zürich logo (1).png" })
        .fileName,
    ).toBe("Zürich logo (1).png");
  });
});

describe("createPendingAsset", () => {
  it("is pending, owned by the caller's organisation, under its key prefix, valid 15 minutes", () => {
    const now = new Date("2026-11-22T10:00:00.000Z");
    const asset = createPendingAsset(
      { assetType: "image", mimeType: "image/jpeg", fileName: "shot.jpg" },
      { organisationId: ORG },
      { id: ID, now },
    );
    expect(asset).toEqual({
      id: ID,
      organisationId: ORG.toLowerCase(),
      assetType: "image",
      mimeType: "image/jpeg",
      fileName: "shot.jpg",
      objectKey: null,
      status: "pending",
      sizeBytes: null,
      width: null,
      height: null,
      reasons: [],
      expiresAt: new Date("2026-11-22T10:15:00.000Z"),
      createdAt: now,
      finalisedAt: null,
    });
  });

  it("puts uploads under the expirable uploads/ prefix and finalised copies under the organisation", () => {
    expect(uploadKey(ORG, ID)).toBe(`uploads/${ORG.toLowerCase()}/${ID}`);
    expect(uploadKey(ORG, ID).startsWith(UPLOAD_PREFIX)).toBe(true);
    const attempt = "0193a1b2-0000-7000-8000-0000000000aa";
    expect(finalisedObjectKey(ORG, ID, attempt)).toBe(`orgs/${ORG.toLowerCase()}/assets/${ID}/${attempt}`);
    expect(finalisedObjectKey(ORG, ID, attempt).startsWith(assetObjectsPrefix(ORG, ID))).toBe(true);
    expect(finalisedObjectKey(ORG, ID, attempt).startsWith(UPLOAD_PREFIX)).toBe(false);
  });
});

describe("isAssetId", () => {
  it("accepts a guid in any case and nothing else", () => {
    expect(isAssetId(ID)).toBe(true);
    expect(isAssetId(ID.toUpperCase())).toBe(true);
    expect(isAssetId(`${ID}0`)).toBe(false);
    expect(isAssetId("not-a-guid")).toBe(false);
    expect(isAssetId("")).toBe(false);
  });
});

describe("isUploadExpired", () => {
  const expiresAt = new Date("2026-11-22T10:15:00.000Z");
  it("is valid up to and including expiresAt, expired after", () => {
    expect(isUploadExpired({ expiresAt }, new Date(expiresAt.getTime() - UPLOAD_TTL_MS))).toBe(false);
    expect(isUploadExpired({ expiresAt }, expiresAt)).toBe(false);
    expect(isUploadExpired({ expiresAt }, new Date(expiresAt.getTime() + 1))).toBe(true);
  });
});

describe("validateDeclaredObject", () => {
  it("accepts positive integers", () => {
    expect(validateDeclaredObject({ sizeBytes: 1, width: 1, height: 1 })).toEqual({
      sizeBytes: 1,
      width: 1,
      height: 1,
    });
  });

  it("names every non-positive or fractional field", () => {
    try {
      validateDeclaredObject({ sizeBytes: 0, width: -1, height: 1.5 });
      expect.unreachable();
    } catch (error) {
      expect(Object.keys((error as ValidationError).errors).sort()).toEqual([
        "body.height",
        "body.sizeBytes",
        "body.width",
      ]);
    }
  });
});

describe("checkObject", () => {
  const png = { mimeType: "image/png" as const };
  const declared = (width: number, height: number, sizeBytes = 1000): DeclaredObject => ({
    sizeBytes,
    width,
    height,
  });
  const stored = (
    width: number,
    height: number,
    sizeBytes = 1000,
    detectedMimeType: "image/png" | "image/jpeg" | undefined = "image/png",
  ): Extract<ObjectFacts, { exists: true }> => ({
    exists: true,
    sizeBytes,
    detectedMimeType,
    dimensions: { width, height },
  });
  const reasons = (assetType: AssetType, d: DeclaredObject, facts: ObjectFacts) =>
    checkObject({ ...png, assetType }, d, facts).reasons;

  it.each([
    ["icon", 128, 128],
    ["icon", 1024, 1024],
    ["icon", 512, 512],
    ["image", 320, 320],
    ["image", 4096, 4096],
    ["image", 1920, 1080],
    ["image", 320, 4096],
  ] as const)("accepts a matching %s of %ix%i", (assetType, width, height) => {
    expect(reasons(assetType, declared(width, height), stored(width, height))).toEqual([]);
  });

  it.each([
    ["icon", 127, 127, ["dimensions-out-of-range"]],
    ["icon", 1025, 1025, ["dimensions-out-of-range"]],
    ["icon", 256, 128, ["not-square"]],
    ["icon", 100, 2000, ["not-square", "dimensions-out-of-range"]],
    ["image", 319, 1000, ["dimensions-out-of-range"]],
    ["image", 1000, 4097, ["dimensions-out-of-range"]],
  ] as const)("rejects a %s of %ix%i", (assetType, width, height, expected) => {
    expect(reasons(assetType, declared(width, height), stored(width, height))).toEqual(expected);
  });

  it("accepts sizes up to the limit of the type, and no further", () => {
    expect(reasons("icon", declared(128, 128, MIB), stored(128, 128, MIB))).toEqual([]);
    expect(reasons("icon", declared(128, 128, MIB + 1), stored(128, 128, MIB + 1))).toEqual([
      "size-over-limit",
    ]);
    expect(reasons("image", declared(320, 320, 5 * MIB), stored(320, 320, 5 * MIB))).toEqual([]);
    expect(reasons("image", declared(320, 320, 5 * MIB + 1), stored(320, 320, 5 * MIB + 1))).toEqual([
      "size-over-limit",
    ]);
  });

  it("compares the declared size and pixel size with the stored object's", () => {
    expect(reasons("image", declared(640, 480, 999), stored(640, 480, 1000))).toEqual(["size-mismatch"]);
    expect(reasons("image", declared(641, 480), stored(640, 480))).toEqual(["dimensions-mismatch"]);
    expect(reasons("image", declared(640, 481), stored(640, 480))).toEqual(["dimensions-mismatch"]);
  });

  it("applies the pixel rules to the real dimensions, not the declared ones", () => {
    expect(reasons("icon", declared(256, 256), stored(256, 128))).toEqual([
      "dimensions-mismatch",
      "not-square",
    ]);
  });

  it("rejects content whose magic bytes are not the declared type", () => {
    expect(reasons("image", declared(640, 480), stored(640, 480, 1000, "image/jpeg"))).toEqual([
      "mime-type-mismatch",
    ]);
    const unknown: ObjectFacts = { ...stored(640, 480), detectedMimeType: undefined };
    expect(reasons("image", declared(640, 480), unknown)).toEqual(["mime-type-mismatch"]);
  });

  it("lists every failed check of one object at once, with an explanation each", () => {
    const verdict = checkObject({ assetType: "icon", mimeType: "image/jpeg" }, declared(300, 300, 10), {
      exists: true,
      sizeBytes: 2 * MIB,
      detectedMimeType: "image/png",
      dimensions: { width: 2000, height: 100 },
    });
    expect(verdict.reasons).toEqual([
      "size-mismatch",
      "size-over-limit",
      "mime-type-mismatch",
      "dimensions-mismatch",
      "not-square",
      "dimensions-out-of-range",
    ]);
    expect(verdict.explanations).toHaveLength(6);
    expect(verdict.explanations[0]).toContain(String(2 * MIB));
  });

  it("reports a missing object, and the declared pixel size when out of range", () => {
    expect(reasons("image", declared(640, 480), { exists: false })).toEqual(["object-missing"]);
    expect(reasons("icon", declared(64, 32), { exists: false })).toEqual([
      "object-missing",
      "not-square",
      "dimensions-out-of-range",
    ]);
  });

  it("reports an unreadable header, checking the declared pixel size instead", () => {
    const facts: ObjectFacts = {
      exists: true,
      sizeBytes: 1000,
      detectedMimeType: "image/png",
      dimensions: undefined,
    };
    expect(reasons("image", declared(640, 480), facts)).toEqual(["dimensions-unreadable"]);
    expect(reasons("image", declared(100, 480), facts)).toEqual([
      "dimensions-unreadable",
      "dimensions-out-of-range",
    ]);
  });
});
