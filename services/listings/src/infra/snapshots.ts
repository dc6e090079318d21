import { appendToOutbox, type EventEnvelope } from "@mp/bus";
import { listingSnapshotV1, offeringSnapshotV1 } from "@mp/contracts";
import { type Pool, withTransaction } from "@mp/db";
import type { Logger } from "@mp/logger";
import { listingEvent, offeringEvent } from "../application/events";
import { type Row as ListingRow, toListing } from "./listing.repository";
import { type Row as OfferingRow, toOffering } from "./offering.repository";

const BATCH = 200;
const FIRST_ID = "00000000-0000-0000-0000-000000000000";

/**
 * Append one snapshot event per row of `table`, in batches of one transaction each; the batch's rows are
 * read `FOR SHARE`, so a snapshot's state and version belong together while providers keep working.
 */
async function snapshotTable<R extends { id: string }>(
  pool: Pool,
  table: "offerings" | "listings",
  toEvent: (row: R, at: Date) => EventEnvelope,
): Promise<number> {
  let after = FIRST_ID;
  let total = 0;
  for (;;) {
    const count = await withTransaction(pool, async (tx) => {
      const { rows } = await tx.query<R>(
        `SELECT * FROM ${table} WHERE id > $1 ORDER BY id LIMIT $2 FOR SHARE`,
        [after, BATCH],
      );
      const now = new Date();
      await appendToOutbox(
        tx,
        rows.map((row) => toEvent(row, now)),
      );
      after = rows[rows.length - 1]?.id ?? after;
      return rows.length;
    });
    total += count;
    if (count < BATCH) return total;
  }
}

/**
 * `pnpm bus snapshot listings`: append a `listings.offering.snapshot.v1` for every offering and a
 * `listings.listing.snapshot.v1` for every listing, each with its current version, for the running
 * service's relay to publish; a consumer applies one only when it is newer than what it holds.
 */
export async function emitListingsSnapshots(deps: { pool: Pool; logger: Logger }): Promise<number> {
  const offerings = await snapshotTable<OfferingRow>(deps.pool, "offerings", (row, at) =>
    offeringEvent(offeringSnapshotV1.type, toOffering(row), at),
  );
  const listings = await snapshotTable<ListingRow>(deps.pool, "listings", (row, at) =>
    listingEvent(listingSnapshotV1.type, toListing(row), at),
  );
  deps.logger.info({ offerings, listings }, "snapshots appended to the outbox");
  return offerings + listings;
}
