import { appendToOutbox, newEvent } from "@mp/bus";
import { instanceSnapshotV1 } from "@mp/contracts";
import { type Pool, withTransaction } from "@mp/db";
import type { Logger } from "@mp/logger";
import { toInstanceCreatedEvent } from "../application/create-instance";
import type { Instance, InstanceId } from "../domain/instance";

const BATCH = 200;

interface InstanceRow {
  id: string;
  name: string;
  owner_organisation_id: string;
  default_currency: string;
  platform_fee_bps: number;
  created_at: Date;
}

/**
 * `pnpm bus snapshot catalogue`: append a `catalogue.instance.snapshot.v1` for every instance, in batches
 * of one transaction each, for the running catalogue's relay to publish. Instances never change, so each
 * carries version 1 and a consumer that already holds the instance ignores it.
 */
export async function emitCatalogueSnapshots(deps: { pool: Pool; logger: Logger }): Promise<number> {
  let after = "00000000-0000-0000-0000-000000000000";
  let total = 0;
  for (;;) {
    const appended = await withTransaction(deps.pool, async (tx) => {
      const { rows } = await tx.query<InstanceRow>(
        "SELECT * FROM instances WHERE id > $1 ORDER BY id LIMIT $2",
        [after, BATCH],
      );
      const events = rows.map((row) => {
        const instance: Instance = {
          id: row.id as InstanceId,
          name: row.name,
          ownerOrganisationId: row.owner_organisation_id,
          defaultCurrency: row.default_currency,
          platformFeeBps: row.platform_fee_bps,
          createdAt: row.created_at,
        };
        return newEvent(instanceSnapshotV1.type, "catalogue", toInstanceCreatedEvent(instance));
      });
      await appendToOutbox(tx, events);
      after = rows[rows.length - 1]?.id ?? after;
      return events.length;
    });
    total += appended;
    if (appended < BATCH) break;
  }
  deps.logger.info({ events: total }, "instance snapshots appended to the outbox");
  return total;
}
