import { newEvent } from "@mp/bus";
import { type AssetFinalisedV1, assetFinalisedV1 } from "@mp/contracts";
import { ConflictError, NotFoundError } from "@mp/errors";
import { type CallContext, requirePrincipal } from "@mp/grpc";
import {
  ASSET_LIMITS,
  type Asset,
  checkObject,
  type DeclaredObject,
  isAssetId,
  isUploadExpired,
  markReady,
  markRejected,
  uploadKey,
  validateDeclaredObject,
} from "../domain/asset";
import { viewOf } from "./get-asset";
import type { AssetRepository, AssetView, Clock, ObjectStore, UnitOfWork } from "./ports";

export interface FinaliseAssetInput extends DeclaredObject {
  assetId: string;
}

export function toAssetFinalisedEvent(asset: Asset): AssetFinalisedV1 {
  return {
    id: asset.id,
    organisationId: asset.organisationId,
    assetType: asset.assetType,
    mimeType: asset.mimeType,
    fileName: asset.fileName,
    sizeBytes: asset.sizeBytes ?? 0,
    width: asset.width ?? 0,
    height: asset.height ?? 0,
    objectKey: asset.objectKey,
    finalisedAt: (asset.finalisedAt ?? asset.createdAt).toISOString(),
  };
}

const invalid = (reasons: string[], explanations: string[]) =>
  new ConflictError(
    "asset-invalid",
    explanations.length > 0
      ? `The uploaded object does not match the asset: ${explanations.join(" ")}`
      : `The asset was rejected (${reasons.join(", ")}); start a new upload session.`,
    { extensions: { reasons } },
  );

/** The verdict is committed already: a failed delete leaves an orphan to log, not an error to answer. */
async function deleteQuietly(objects: ObjectStore, ctx: CallContext, ...keys: string[]): Promise<void> {
  await objects.delete(...keys).catch((error: unknown) => {
    ctx.logger.warn({ err: error, keys }, "could not delete asset objects");
  });
}

type Outcome =
  | { kind: "ready"; asset: Asset }
  | { kind: "rejected"; asset: Asset; explanations: string[] }
  | { kind: "expired"; asset: Asset }
  /** Another finalise of the same asset committed its verdict first. */
  | { kind: "decided"; asset: Asset };

interface Deps {
  assets: AssetRepository;
  objects: ObjectStore;
  unitOfWork: UnitOfWork;
  clock: Clock;
}

/**
 * The locked part of finalise: one verdict per asset, written with its event in one transaction. The
 * upload is copied to the asset's own key and the copy is checked, so a client still holding the
 * presigned PUT cannot swap the content of an asset once it was checked.
 */
function decide(deps: Deps, organisationId: string, id: string, declared: DeclaredObject): Promise<Outcome> {
  return deps.unitOfWork.run(async (tx, emit): Promise<Outcome> => {
    const asset = await deps.assets.getForUpdate(tx, organisationId, id);
    if (!asset) throw new NotFoundError("Asset");
    if (asset.status !== "pending") return { kind: "decided", asset };
    const now = deps.clock.now();
    if (isUploadExpired(asset, now)) return { kind: "expired", asset };
    const copied = await deps.objects.copy(uploadKey(organisationId, id), asset.objectKey);
    const facts = copied
      ? await deps.objects.inspect(asset.objectKey, ASSET_LIMITS[asset.assetType].maxBytes)
      : ({ exists: false } as const);
    const verdict = checkObject(asset, declared, facts);
    if (verdict.reasons.length > 0) {
      const rejected = markRejected(asset, verdict.reasons, now);
      await deps.assets.saveVerdict(tx, rejected);
      return { kind: "rejected", asset: rejected, explanations: verdict.explanations };
    }
    const ready = markReady(asset, declared, now);
    await deps.assets.saveVerdict(tx, ready);
    await emit(newEvent(assetFinalisedV1.type, "assets", toAssetFinalisedEvent(ready), now));
    return { kind: "ready", asset: ready };
  });
}

/**
 * Finalise decides from what the server reads in object storage, never from the client's word. The row
 * stays locked while the object is copied and read, so concurrent finalises of one asset see one verdict.
 * A rejected asset loses its objects and stays rejected; a ready one becomes attachable, and
 * `assets.asset.finalised.v1` commits with the change. Repeating a finalise answers what the first did.
 */
export function makeFinaliseAsset(deps: Deps) {
  return async (input: FinaliseAssetInput, ctx: CallContext): Promise<AssetView> => {
    const caller = requirePrincipal(ctx, "developer");
    const organisationId = caller.organisationId.toLowerCase();
    const id = input.assetId.toLowerCase();
    const found = isAssetId(id) ? await deps.assets.get(organisationId, id) : undefined;
    if (!found) throw new NotFoundError("Asset");
    const declared = validateDeclaredObject({
      sizeBytes: input.sizeBytes,
      width: input.width,
      height: input.height,
    });
    const outcome: Outcome =
      found.status === "pending"
        ? await decide(deps, organisationId, id, declared)
        : { kind: "decided", asset: found };
    const upload = uploadKey(organisationId, id);
    switch (outcome.kind) {
      case "decided":
        if (outcome.asset.status === "ready") return viewOf(outcome.asset, deps.objects, deps.clock);
        throw invalid(outcome.asset.reasons, []);
      case "expired":
        await deleteQuietly(deps.objects, ctx, upload);
        throw new ConflictError(
          "upload-expired",
          `The upload address expired at ${outcome.asset.expiresAt.toISOString()}; start a new upload session.`,
          { extensions: { expiresAt: outcome.asset.expiresAt.toISOString() } },
        );
      case "rejected":
        await deleteQuietly(deps.objects, ctx, upload, outcome.asset.objectKey);
        ctx.logger.info({ assetId: id, reasons: outcome.asset.reasons }, "asset rejected");
        throw invalid(outcome.asset.reasons, outcome.explanations);
      case "ready":
        await deleteQuietly(deps.objects, ctx, upload);
        ctx.logger.info({ assetId: id }, "asset finalised");
        return viewOf(outcome.asset, deps.objects, deps.clock);
    }
  };
}
