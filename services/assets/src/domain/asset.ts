import { type FieldErrors, ValidationError } from "@mp/errors";
import { isGuid } from "@mp/ids";

export type AssetId = string & { readonly __brand: "AssetId" };
export type AssetType = "icon" | "image";
export type AssetMimeType = "image/png" | "image/jpeg";
export type AssetStatus = "pending" | "ready" | "rejected";

export const ASSET_TYPES: readonly AssetType[] = ["icon", "image"];
export const ASSET_MIME_TYPES: readonly AssetMimeType[] = ["image/png", "image/jpeg"];

/** Ids arrive in any case from callers; a malformed one can name no asset (so it is not-found, not 400). */
export function isAssetId(id: string): boolean {
  return isGuid(id);
}

/** How long the presigned PUT (and so the upload session) stays valid. */
export const UPLOAD_TTL_MS = 15 * 60 * 1000;
/** How long a presigned GET handed out for a ready asset stays valid. */
export const DOWNLOAD_TTL_SECONDS = 15 * 60;
export const FILE_NAME_MAX = 255;

const MIB = 1024 * 1024;

/** The contract's rules per asset type: icons are small squares, gallery images larger rectangles. */
export const ASSET_LIMITS: Record<
  AssetType,
  { maxBytes: number; minSide: number; maxSide: number; square: boolean }
> = {
  icon: { maxBytes: 1 * MIB, minSide: 128, maxSide: 1024, square: true },
  image: { maxBytes: 5 * MIB, minSide: 320, maxSide: 4096, square: false },
};

/** An icon or gallery image, from its upload session to its verdict. */
export interface Asset {
  id: AssetId;
  organisationId: string;
  assetType: AssetType;
  mimeType: AssetMimeType;
  fileName: string;
  /**
   * Where the finalised object lives (a `finalisedObjectKey`); null until finalise made the asset ready.
   * The upload goes to `uploadKey` first (see there).
   */
  objectKey: string | null;
  status: AssetStatus;
  sizeBytes: number | null;
  width: number | null;
  height: number | null;
  /** Why finalise rejected the asset (codes of `AssetRejection`); empty otherwise. */
  reasons: string[];
  expiresAt: Date;
  createdAt: Date;
  finalisedAt: Date | null;
}

export interface NewUploadSessionInput {
  assetType: string;
  mimeType: string;
  fileName: string;
}

/**
 * Every upload lands under this prefix, and nothing else does: an upload is only needed until finalise
 * copies it (the address is valid 15 minutes), so a bucket lifecycle rule may expire everything under it
 * (the deploy files set one day). Finalised objects live under `orgs/` and never expire.
 */
export const UPLOAD_PREFIX = "uploads/";

/** The key the presigned PUT writes to: `uploads/<organisation>/<asset id>`. */
export function uploadKey(organisationId: string, assetId: string): string {
  return `${UPLOAD_PREFIX}${organisationId.toLowerCase()}/${assetId.toLowerCase()}`;
}

/**
 * Where one finalise attempt copies the upload before checking it: under the organisation's prefix and
 * the asset, named by the attempt. Each attempt gets its own key, so concurrent finalises (which do their
 * S3 work outside any transaction) never overwrite each other's checked copy, and a client still holding
 * the presigned PUT can never replace an asset after it was checked. The winning attempt's key becomes the
 * asset's `objectKey`; the others delete their copies.
 */
export function finalisedObjectKey(organisationId: string, assetId: string, attemptId: string): string {
  return `${assetObjectsPrefix(organisationId, assetId)}${attemptId.toLowerCase()}`;
}

/** Every finalised copy of one asset sits under this prefix. */
export function assetObjectsPrefix(organisationId: string, assetId: string): string {
  return `orgs/${organisationId.toLowerCase()}/assets/${assetId.toLowerCase()}/`;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
const FORBIDDEN_FILE_NAME = /[/\\\u0000-\u001f\u007f-\u009f]/;

/**
 * Validates an upload-session request here as well as at the gateway (the service is reachable over gRPC
 * by other callers). The file name is only a label, but it is shown back to users and may end up in a
 * download's Content-Disposition, so path separators and control characters are refused.
 */
export function validateNewUploadSession(input: NewUploadSessionInput): {
  assetType: AssetType;
  mimeType: AssetMimeType;
  fileName: string;
} {
  const errors: FieldErrors = {};
  if (!ASSET_TYPES.includes(input.assetType as AssetType)) {
    errors["body.assetType"] = [`must be one of ${ASSET_TYPES.join(", ")}`];
  }
  if (!ASSET_MIME_TYPES.includes(input.mimeType as AssetMimeType)) {
    errors["body.mimeType"] = [`must be one of ${ASSET_MIME_TYPES.join(", ")}`];
  }
  const fileName = input.fileName.trim();
  if (fileName.length < 1 || fileName.length > FILE_NAME_MAX) {
    errors["body.fileName"] = [`must be 1 to ${FILE_NAME_MAX} characters after trimming`];
  } else if (FORBIDDEN_FILE_NAME.test(fileName)) {
    errors["body.fileName"] = ["must not contain path separators or control characters"];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { assetType: input.assetType as AssetType, mimeType: input.mimeType as AssetMimeType, fileName };
}

export function createPendingAsset(
  input: NewUploadSessionInput,
  owner: { organisationId: string },
  ids: { id: string; now: Date },
): Asset {
  const valid = validateNewUploadSession(input);
  const organisationId = owner.organisationId.toLowerCase();
  return {
    id: ids.id as AssetId,
    organisationId,
    ...valid,
    objectKey: null,
    status: "pending",
    sizeBytes: null,
    width: null,
    height: null,
    reasons: [],
    expiresAt: new Date(ids.now.getTime() + UPLOAD_TTL_MS),
    createdAt: ids.now,
    finalisedAt: null,
  };
}

/** The upload address is dead once `expiresAt` has passed; finalising then is `upload-expired`. */
export function isUploadExpired(asset: Pick<Asset, "expiresAt">, now: Date): boolean {
  return now.getTime() > asset.expiresAt.getTime();
}

/** What the client claims about the object it uploaded. */
export interface DeclaredObject {
  sizeBytes: number;
  width: number;
  height: number;
}

/** Validates the finalise body's shape (positive integers); the asset rules come later, as reasons. */
export function validateDeclaredObject(input: DeclaredObject): DeclaredObject {
  const errors: FieldErrors = {};
  for (const field of ["sizeBytes", "width", "height"] as const) {
    const value = input[field];
    if (!Number.isSafeInteger(value) || value < 1) errors[`body.${field}`] = ["must be a positive integer"];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return input;
}

/** What the server found in object storage (see the object inspector). */
export type ObjectFacts =
  | { exists: false }
  | {
      exists: true;
      sizeBytes: number;
      /** From the magic bytes; undefined when they match no accepted type. */
      detectedMimeType: AssetMimeType | undefined;
      /** From the image header; undefined when it cannot be read. */
      dimensions: { width: number; height: number } | undefined;
    };

/** Stable codes of the checks finalise can fail; clients switch on them, `detail` explains them. */
export type AssetRejection =
  | "object-missing"
  | "size-mismatch"
  | "size-over-limit"
  | "mime-type-mismatch"
  | "dimensions-unreadable"
  | "dimensions-mismatch"
  | "not-square"
  | "dimensions-out-of-range";

export interface AssetVerdict {
  reasons: AssetRejection[];
  /** One sentence per reason, for the problem's `detail` and the logs. */
  explanations: string[];
}

/**
 * Every check finalise runs against the stored object, listing every failure (not only the first) so a
 * client fixes its upload in one go. The pixel rules apply to the real dimensions when they can be read,
 * else to the declared ones, so an out-of-range declaration is reported even for a broken file.
 */
export function checkObject(
  asset: Pick<Asset, "assetType" | "mimeType">,
  declared: DeclaredObject,
  facts: ObjectFacts,
): AssetVerdict {
  const limits = ASSET_LIMITS[asset.assetType];
  const verdict: AssetVerdict = { reasons: [], explanations: [] };
  const fail = (reason: AssetRejection, explanation: string) => {
    verdict.reasons.push(reason);
    verdict.explanations.push(explanation);
  };
  let size = { width: declared.width, height: declared.height };
  if (!facts.exists) {
    fail("object-missing", "No object was uploaded to the upload address.");
  } else {
    if (facts.sizeBytes !== declared.sizeBytes) {
      fail("size-mismatch", `The object has ${facts.sizeBytes} bytes, ${declared.sizeBytes} were declared.`);
    }
    if (facts.sizeBytes > limits.maxBytes) {
      fail("size-over-limit", `An ${asset.assetType} may have at most ${limits.maxBytes} bytes.`);
    }
    if (facts.detectedMimeType !== asset.mimeType) {
      fail("mime-type-mismatch", `The object's content is not ${asset.mimeType}.`);
    }
    if (!facts.dimensions) {
      fail("dimensions-unreadable", "The object's pixel size cannot be read from its header.");
    } else {
      size = facts.dimensions;
      if (size.width !== declared.width || size.height !== declared.height) {
        fail(
          "dimensions-mismatch",
          `The image is ${size.width}x${size.height} px, ${declared.width}x${declared.height} were declared.`,
        );
      }
    }
  }
  if (limits.square && size.width !== size.height) {
    fail("not-square", `An icon must be square, not ${size.width}x${size.height} px.`);
  }
  const sides = [size.width, size.height];
  if (sides.some((side) => side < limits.minSide || side > limits.maxSide)) {
    fail(
      "dimensions-out-of-range",
      `Each side of an ${asset.assetType} must be ${limits.minSide} to ${limits.maxSide} px.`,
    );
  }
  return verdict;
}

/** Ready, at the key of the copy that was checked. */
export function markReady(asset: Asset, declared: DeclaredObject, objectKey: string, now: Date): Asset {
  return { ...asset, status: "ready", ...declared, objectKey, reasons: [], finalisedAt: now };
}

/** Rejected: its objects are deleted, so it keeps no key. */
export function markRejected(asset: Asset, reasons: string[], now: Date): Asset {
  return { ...asset, status: "rejected", objectKey: null, reasons, finalisedAt: now };
}
