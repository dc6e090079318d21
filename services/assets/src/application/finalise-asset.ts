import { newEvent } from "@mp/bus";
import { type AssetFinalisedV1, assetFinalisedV1 } from "@mp/contracts";
import { ConflictError, NotFoundError } from "@mp/errors";
import { type CallContext, requirePrincipal } from "@mp/grpc";
import {
  ASSET_LIMITS,
  type Asset,
  type AssetVerdict,
  checkObject,
  type DeclaredObject,
  finalisedObjectKey,
  isAssetId,
  isUploadExpired,
  markReady,
  markRejected,
  type ObjectFacts,
  uploadKey,
  validateDeclaredObject,
} from "../domain/asset";
import { viewOf } from "./get-asset";
import type { AssetRepository, AssetView, Clock, IdGenerator, ObjectStore, UnitOfWork } from "./ports";

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
    objectKey: asset.objectKey ?? "",
    finalisedAt: (asset.finalisedAt ?? asset.createdAt).toISOString(),
    version: 1,
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
  if (keys.length === 0) return;
  await objects.delete(...keys).catch((error: unknown) => {
    ctx.logger.warn({ err: error, keys }, "could not delete asset objects");
  });
}

interface Deps {
  assets: AssetRepository;
  objects: ObjectStore;
  unitOfWork: UnitOfWork;
  clock: Clock;
  /** Names each finalise attempt's copy. */
  ids: IdGenerator;
}

/** What the S3 work found: the facts to judge, and the copy this attempt made (if it made one). */
interface Examined {
  facts: ObjectFacts;
  copyKey: string | undefined;
}

/** How often the upload may be replaced between its HEAD and its copy before finalise gives up. */
const COPY_TRIES = 3;

/**
 * The S3 part of finalise, run with no transaction open and no row locked. A HEAD first: an object over
 * the type's size limit is judged on that alone (only its first bytes are read, for the other reasons)
 * and never copied. Otherwise the upload is copied to this attempt's own key, only in the version the
 * HEAD measured, and the copy is what is checked.
 */
async function examine(deps: Deps, asset: Asset): Promise<Examined> {
  const limits = ASSET_LIMITS[asset.assetType];
  const upload = uploadKey(asset.organisationId, asset.id);
  for (let attempt = 1; attempt <= COPY_TRIES; attempt++) {
    const head = await deps.objects.head(upload);
    if (!head.exists) return { facts: { exists: false }, copyKey: undefined };
    if (head.sizeBytes > limits.maxBytes)
      return { facts: await deps.objects.inspect(upload, limits.maxBytes), copyKey: undefined };
    const copyKey = finalisedObjectKey(asset.organisationId, asset.id, deps.ids.next());
    const copied = await deps.objects.copy(upload, copyKey, head.etag);
    if (copied === "missing") return { facts: { exists: false }, copyKey: undefined };
    if (copied === "copied") return { facts: await deps.objects.inspect(copyKey, limits.maxBytes), copyKey };
  }
  throw new ConflictError(
    "asset-invalid",
    "The uploaded object kept changing while it was checked; finalise again once the upload has finished.",
    { extensions: { reasons: [] } },
  );
}

type Outcome =
  | { kind: "ready"; asset: Asset }
  | { kind: "rejected"; asset: Asset }
  /** Another finalise of the same asset committed its verdict first. */
  | { kind: "decided"; asset: Asset };

/**
 * The short transaction that records a verdict: it locks the row only to re-check that the asset is still
 * pending, so of concurrent finalises exactly one writes its verdict (and the event with it); the others
 * answer what that one decided.
 */
function record(
  deps: Deps,
  asset: Asset,
  declared: DeclaredObject,
  verdict: AssetVerdict,
  copyKey: string | undefined,
): Promise<Outcome> {
  return deps.unitOfWork.run(async (tx, emit): Promise<Outcome> => {
    const current = await deps.assets.getForUpdate(tx, asset.organisationId, asset.id);
    if (!current) throw new NotFoundError("Asset");
    if (current.status !== "pending") return { kind: "decided", asset: current };
    const now = deps.clock.now();
    if (verdict.reasons.length > 0 || copyKey === undefined) {
      const reasons = verdict.reasons.length > 0 ? verdict.reasons : ["object-missing"];
      const rejected = markRejected(current, reasons, now);
      await deps.assets.saveVerdict(tx, rejected);
      return { kind: "rejected", asset: rejected };
    }
    const ready = markReady(current, declared, copyKey, now);
    await deps.assets.saveVerdict(tx, ready);
    await emit(newEvent(assetFinalisedV1.type, "assets", toAssetFinalisedEvent(ready), now));
    return { kind: "ready", asset: ready };
  });
}

/**
 * Finalise decides from what the server reads in object storage, never from the client's word. It reads
 * the session, does its S3 work outside any transaction (HEAD, size gate, copy to its own key, inspect),
 * then records the verdict in a short transaction that re-checks the state. A rejected asset loses its
 * objects and stays rejected; a ready one becomes attachable, and `assets.asset.finalised.v1` commits with
 * the change. Repeating a finalise, or losing a race with a concurrent one, answers what was decided.
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
    if (found.status !== "pending") return answer(deps, found);
    const upload = uploadKey(organisationId, id);
    if (isUploadExpired(found, deps.clock.now())) {
      await deleteQuietly(deps.objects, ctx, upload);
      throw new ConflictError(
        "upload-expired",
        `The upload address expired at ${found.expiresAt.toISOString()}; start a new upload session.`,
        { extensions: { expiresAt: found.expiresAt.toISOString() } },
      );
    }

    const { facts, copyKey } = await examine(deps, found);
    const verdict = checkObject(found, declared, facts);
    const outcome = await record(deps, found, declared, verdict, copyKey);
    switch (outcome.kind) {
      case "decided": {
        // This attempt's copy is not the asset's object: never leave it behind.
        const kept = outcome.asset.status === "ready" && outcome.asset.objectKey === copyKey;
        if (copyKey && !kept) await deleteQuietly(deps.objects, ctx, copyKey);
        return answer(deps, outcome.asset);
      }
      case "rejected":
        await deleteQuietly(deps.objects, ctx, upload, ...(copyKey ? [copyKey] : []));
        ctx.logger.info({ assetId: id, reasons: outcome.asset.reasons }, "asset rejected");
        throw invalid(outcome.asset.reasons, verdict.explanations);
      case "ready":
        await deleteQuietly(deps.objects, ctx, upload);
        ctx.logger.info({ assetId: id }, "asset finalised");
        return viewOf(outcome.asset, deps.objects, deps.clock);
    }
  };
}

/** What a finalise of an already decided asset answers: the ready asset, or its rejection again. */
function answer(deps: Deps, asset: Asset): Promise<AssetView> {
  if (asset.status === "ready") return viewOf(asset, deps.objects, deps.clock);
  throw invalid(asset.reasons, []);
}
