import { appendToOutbox, type EventEnvelope, newEvent } from "@mp/bus";
import { itemSnapshotV1 } from "@mp/contracts";
import { type Pool, withTransaction } from "@mp/db";
import type { Logger } from "@mp/logger";
import { toItemSnapshot } from "../application/item-view";
import { releaseSnapshotEvent } from "../application/release-events";
import { makeItemRepository } from "./item.repository";
import { makeItemReleaseRepository } from "./item-release.repository";

const BATCH = 50;
const FIRST_ID = "00000000-0000-0000-0000-000000000000";

/**
 * `pnpm bus snapshot publishing`: append a `publishing.item.snapshot.v1` for every item and a
 * `publishing.item.release-snapshot.v1` for every item release, each with its current aggregate version,
 * for the running service's relay to publish. Each batch is one transaction holding the row locks of what
 * it reads, so a snapshot's state and version belong together even while developers keep editing; a
 * consumer applies a snapshot only when it is newer than what it holds.
 */
export async function emitPublishingSnapshots(deps: { pool: Pool; logger: Logger }): Promise<number> {
  const items = makeItemRepository(deps.pool);
  const releases = makeItemReleaseRepository(deps.pool);
  const itemEvents = await inBatches(deps.pool, async (tx, after) => {
    const { rows } = await tx.query<{ id: string; organisation_id: string }>(
      "SELECT id, organisation_id FROM items WHERE id > $1 ORDER BY id LIMIT $2",
      [after, BATCH],
    );
    const events: EventEnvelope[] = [];
    for (const row of rows) {
      const item = await items.lock(tx, row.organisation_id, row.id);
      if (!item) continue;
      const now = new Date();
      events.push(
        newEvent(itemSnapshotV1.type, "publishing", toItemSnapshot(await items.state(item, tx), now), now),
      );
    }
    return { events, last: rows[rows.length - 1]?.id, full: rows.length === BATCH };
  });
  const releaseEvents = await inBatches(deps.pool, async (tx, after) => {
    const { rows } = await tx.query<{
      id: string;
      marketplace_instance_id: string;
      aggregate_version: number;
    }>(
      `SELECT r.id, i.marketplace_instance_id, r.aggregate_version FROM item_releases r
       JOIN items i ON i.id = r.item_id WHERE r.id > $1 ORDER BY r.id LIMIT $2 FOR SHARE OF r`,
      [after, BATCH],
    );
    const events: EventEnvelope[] = [];
    for (const row of rows) {
      const release = await releases.getForUpdate(tx, row.id);
      if (release)
        events.push(releaseSnapshotEvent(release, row.marketplace_instance_id, row.aggregate_version));
    }
    return { events, last: rows[rows.length - 1]?.id, full: rows.length === BATCH };
  });
  deps.logger.info({ items: itemEvents, releases: releaseEvents }, "snapshots appended to the outbox");
  return itemEvents + releaseEvents;
}

async function inBatches(
  pool: Pool,
  batch: (
    tx: import("@mp/db").PoolClient,
    after: string,
  ) => Promise<{ events: EventEnvelope[]; last: string | undefined; full: boolean }>,
): Promise<number> {
  let after = FIRST_ID;
  let total = 0;
  for (;;) {
    const { full, count } = await withTransaction(pool, async (tx) => {
      const result = await batch(tx, after);
      await appendToOutbox(tx, result.events);
      after = result.last ?? after;
      return { full: result.full, count: result.events.length };
    });
    total += count;
    if (!full) return total;
  }
}
