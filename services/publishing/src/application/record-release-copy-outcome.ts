import { appendToOutbox, type EventEnvelope } from "@mp/bus";
import type { ReleaseCopyFailedV1, ReleaseStoredV1 } from "@mp/contracts";
import type { PoolClient } from "@mp/db";
import type { Logger } from "@mp/logger";
import { type ItemRelease, markAvailable, markFailed, type Transition } from "../domain/item-release";
import { releaseAvailableEvent, releaseFailedEvent } from "./release-events";
import type { ItemReleaseRepository, ReleaseClock, ReleaseItemReader } from "./release-ports";
import { normaliseGuid } from "./release-queries";

interface OutcomeDeps {
  releases: ItemReleaseRepository;
  items: ReleaseItemReader;
  clock: ReleaseClock;
  logger: Logger;
}

/**
 * Apply one copy outcome inside the inbox transaction: find the release by correlation id (the item
 * release id publishing chose), check the organisation, apply the transition, and emit its event with the
 * same client so effect, inbox row and outbox row commit together. Outcomes for copies publishing never
 * asked for (another requester's correlation id) are ignored.
 *
 * The ordering guard: a copy job reports one final outcome (its `version` is 1), and the item release
 * takes the first outcome only, `preparing` being the state in which it has applied none. The check runs
 * under the release's row lock, so a redelivery, a replay or a second replica finds it settled and
 * changes nothing (and emits nothing).
 */
async function applyOutcome(
  deps: OutcomeDeps,
  tx: PoolClient,
  data: { correlationId: string; organisationId: string },
  transition: (release: ItemRelease, now: Date) => Transition,
  eventOf: (release: ItemRelease, instanceId: string, version: number) => EventEnvelope,
): Promise<void> {
  const id = normaliseGuid(data.correlationId);
  const current = id ? await deps.releases.getForUpdate(tx, id) : undefined;
  if (!current || current.organisationId !== data.organisationId.toLowerCase()) {
    deps.logger.info({ correlationId: data.correlationId }, "copy outcome for no item release; ignored");
    return;
  }
  const result = transition(current, deps.clock.now());
  if (!result.changed) return;
  const version = await deps.releases.update(tx, result.release);
  const item = await deps.items.get(result.release.itemId);
  if (!item) throw new Error(`item ${result.release.itemId} of release ${result.release.id} vanished`);
  await appendToOutbox(tx, eventOf(result.release, item.marketplaceInstanceId, version));
  deps.logger.info(
    { itemReleaseId: result.release.id, status: result.release.status },
    "item release settled",
  );
}

/** `iot.release.stored.v1`: the release becomes `available` with the stored object's digest and length. */
export function makeRecordReleaseStored(deps: OutcomeDeps) {
  return (event: EventEnvelope<ReleaseStoredV1>, tx: PoolClient) =>
    applyOutcome(
      deps,
      tx,
      event.data,
      (release, now) => markAvailable(release, event.data, now),
      releaseAvailableEvent,
    );
}

/** `iot.release.copy-failed.v1`: the release becomes `failed` with the adapter's reason. */
export function makeRecordReleaseCopyFailed(deps: OutcomeDeps) {
  return (event: EventEnvelope<ReleaseCopyFailedV1>, tx: PoolClient) =>
    applyOutcome(
      deps,
      tx,
      event.data,
      (release, now) => markFailed(release, event.data.reason, now),
      releaseFailedEvent,
    );
}
