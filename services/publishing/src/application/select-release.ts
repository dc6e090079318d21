import { AppError, ConflictError, NotFoundError, ValidationError } from "@mp/errors";
import { type CallContext, requirePrincipal } from "@mp/grpc";
import { type ItemRelease, iotReleaseIdProblem, selectRelease } from "../domain/item-release";
import { releaseAddedEvent } from "./release-events";
import type {
  AdapterCallContext,
  IotAdapterPort,
  IotReleaseInfo,
  ItemReleaseRepository,
  ReleaseClock,
  ReleaseIds,
  ReleaseItemReader,
  ReleaseUnitOfWork,
} from "./release-ports";
import { normaliseGuid } from "./release-queries";

export interface SelectReleaseDeps {
  items: ReleaseItemReader;
  releases: ItemReleaseRepository;
  iot: IotAdapterPort;
  unitOfWork: ReleaseUnitOfWork;
  clock: ReleaseClock;
  ids: ReleaseIds;
}

const retiredConflict = () =>
  new ConflictError("invalid-state", "A retired item takes no new releases.", {
    extensions: { state: "retired" },
  });

/**
 * Select an IoT release for one of the caller's items. The row (`preparing`) and its
 * `publishing.item.release-added.v1` event commit first; the copy request to the iot-adapter follows. If
 * that request fails the row stays `preparing` with its copy not yet accepted, and the retry pass
 * (`makeRetryReleaseCopies`) asks again until the adapter accepts it, so a request is never lost.
 */
export function makeSelectRelease(deps: SelectReleaseDeps) {
  return async (raw: { id: string; releaseId: string }, ctx: CallContext): Promise<ItemRelease> => {
    const caller = requirePrincipal(ctx, "developer");
    const releaseId = raw.releaseId.trim();
    const problem = iotReleaseIdProblem(releaseId);
    if (problem) throw new ValidationError({ "body.releaseId": [problem] });
    const itemId = normaliseGuid(raw.id);
    const item = itemId ? await deps.items.findOwned(caller.organisationId.toLowerCase(), itemId) : undefined;
    if (!item) throw new NotFoundError("Marketplace item");
    if (item.status === "retired") throw retiredConflict();

    const call: AdapterCallContext = { principal: caller, requestId: ctx.requestId, signal: ctx.signal };
    const iotRelease = await readRelease(deps.iot, item.infuseIotApplicationId, releaseId, call);
    const release = selectRelease(item, iotRelease, { id: deps.ids.next(), now: deps.clock.now() });
    await deps.unitOfWork.run(async (tx, emit) => {
      if ((await deps.items.lockStatus(tx, item.id)) === "retired") throw retiredConflict();
      await deps.releases.insert(tx, release);
      await emit(releaseAddedEvent(release, item.marketplaceInstanceId));
    });
    ctx.logger.info({ itemId: item.id, itemReleaseId: release.id }, "item release selected");

    try {
      await deps.iot.copyReleaseBinary(
        {
          applicationId: release.infuseIotApplicationId,
          releaseId: release.infuseIotReleaseId,
          itemReleaseId: release.id,
        },
        call,
      );
      await deps.releases.markCopyRequested(release.id);
    } catch (error) {
      ctx.logger.warn(
        { err: error, itemReleaseId: release.id },
        "copy request not accepted; the retry pass will ask again",
      );
    }
    return release;
  };
}

/**
 * The release as the platform describes it, read as the caller. A release of another application (or of
 * none) is a fault of the request body, not a missing path resource: 400 on `body.releaseId`.
 */
async function readRelease(
  iot: IotAdapterPort,
  applicationId: number,
  releaseId: string,
  ctx: AdapterCallContext,
): Promise<IotReleaseInfo> {
  try {
    const release = await iot.getRelease(applicationId, releaseId, ctx);
    if (release.applicationId !== applicationId) throw new NotFoundError("IoT release");
    return release;
  } catch (error) {
    if (error instanceof AppError && error.code === "not-found")
      throw new ValidationError({ "body.releaseId": ["is not a release of the item's IoT application"] });
    throw error;
  }
}
