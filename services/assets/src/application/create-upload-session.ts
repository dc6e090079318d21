import { type CallContext, requirePrincipal } from "@mp/grpc";
import {
  type Asset,
  createPendingAsset,
  type NewUploadSessionInput,
  UPLOAD_TTL_MS,
  uploadKey,
} from "../domain/asset";
import type { AssetRepository, Clock, IdGenerator, ObjectStore, UnitOfWork } from "./ports";

export interface UploadSession {
  asset: Asset;
  uploadUri: string;
  uploadHeaders: Record<string, string>;
}

/**
 * Developers upload icons and gallery images straight to object storage: the file never passes through
 * the API. The presigned PUT is signed with the declared Content-Type, so the store refuses (where it
 * enforces signed headers) a PUT of another type; finalise checks the content anyway.
 */
export function makeCreateUploadSession(deps: {
  assets: AssetRepository;
  objects: ObjectStore;
  unitOfWork: UnitOfWork;
  clock: Clock;
  ids: IdGenerator;
}) {
  return async (input: NewUploadSessionInput, ctx: CallContext): Promise<UploadSession> => {
    const caller = requirePrincipal(ctx, "developer");
    const now = deps.clock.now();
    const asset = createPendingAsset(input, caller, { id: deps.ids.next(), now });
    const uploadUri = await deps.objects.presignPut(
      uploadKey(asset.organisationId, asset.id),
      asset.mimeType,
      now,
      UPLOAD_TTL_MS / 1000,
    );
    await deps.unitOfWork.run((tx) => deps.assets.insert(tx, asset));
    ctx.logger.info({ assetId: asset.id, assetType: asset.assetType }, "upload session created");
    return { asset, uploadUri, uploadHeaders: { "Content-Type": asset.mimeType } };
  };
}
