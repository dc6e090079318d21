import type { EventEnvelope } from "@mp/bus";
import type {
  AssetFinalisedV1,
  ItemReleaseEvent,
  ItemSnapshotV1,
  ListingSnapshotV1,
  OfferingSnapshotV1,
} from "@mp/contracts";
import type { PoolClient } from "@mp/db";
import type { ItemReleaseFacts, ReadModelWriter } from "./read-model-ports";

export type { ItemReleaseEvent };

/** The facts of an item release any of its events carries; the time is its own, or the event's. */
export function toItemReleaseFacts(data: ItemReleaseEvent): ItemReleaseFacts {
  const at = "createdAt" in data ? data.createdAt : "availableAt" in data ? data.availableAt : data.failedAt;
  return {
    itemReleaseId: data.itemReleaseId,
    itemId: data.itemId,
    infuseIotReleaseId: data.infuseIotReleaseId,
    releaseVersion: data.releaseVersion,
    board: data.board,
    sizeBytes: data.sizeBytes,
    status: data.status,
    sha256: "sha256" in data ? data.sha256 : null,
    createdAt: new Date(at),
    version: data.version,
  };
}

type Handler<T> = (event: EventEnvelope<T>, tx: PoolClient) => Promise<void>;

/**
 * The handlers of every event the catalogue's read models are built from. Each runs in its event's inbox
 * transaction (so it takes effect once) and writes through the version guard (so order does not matter).
 */
export function makeRecordEvents(deps: { writer: ReadModelWriter }): {
  item: Handler<ItemSnapshotV1>;
  itemRelease: Handler<ItemReleaseEvent>;
  asset: Handler<AssetFinalisedV1>;
  offering: Handler<OfferingSnapshotV1>;
  listing: Handler<ListingSnapshotV1>;
} {
  const { writer } = deps;
  return {
    item: (event, tx) => writer.item(tx, event.data),
    itemRelease: (event, tx) => writer.itemRelease(tx, toItemReleaseFacts(event.data)),
    asset: (event, tx) => writer.asset(tx, event.data),
    offering: (event, tx) => writer.offering(tx, event.data),
    listing: (event, tx) => writer.listing(tx, event.data),
  };
}
