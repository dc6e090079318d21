import { ConflictError, ValidationError } from "@mp/errors";

/**
 * Whether an asset can be attached where an `expected` asset type is needed: the wrong type is a bad
 * request (`body.assetId`), an asset still pending upload is `asset-not-ready`, a rejected one
 * `asset-invalid`. Unknown assets and other organisations' never get here: the assets service answers 404.
 */
export function assertAttachable(
  asset: { assetType: string; status: string },
  expected: "icon" | "image",
): void {
  if (asset.assetType !== expected)
    throw new ValidationError({ "body.assetId": [`must be an asset of type ${expected}`] });
  if (asset.status === "pending")
    throw new ConflictError("asset-not-ready", "The asset has not been finalised yet.");
  if (asset.status !== "ready")
    throw new ConflictError("asset-invalid", "The asset was rejected when finalised.");
}
