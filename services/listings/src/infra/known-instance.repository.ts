import { applyIfNewer } from "@mp/bus";
import type { Pool, Queryable } from "@mp/db";
import type { KnownInstance, KnownInstanceRepository } from "../application/ports";

interface Row {
  id: string;
  owner_organisation_id: string;
  default_currency: string;
  platform_fee_bps: number;
  created_at: Date;
  learned_at: Date;
}

export function makeKnownInstanceRepository(pool: Pool): KnownInstanceRepository {
  return {
    async remember(tx: Queryable, instance) {
      await applyIfNewer(tx, {
        table: "known_instances",
        key: { id: instance.id },
        version: instance.version,
        values: {
          owner_organisation_id: instance.ownerOrganisationId,
          default_currency: instance.defaultCurrency,
          platform_fee_bps: instance.platformFeeBps,
          created_at: instance.createdAt,
        },
      });
    },
    async get(id: string): Promise<KnownInstance | undefined> {
      const { rows } = await pool.query<Row>("SELECT * FROM known_instances WHERE id = $1", [id]);
      const row = rows[0];
      return row
        ? {
            id: row.id,
            ownerOrganisationId: row.owner_organisation_id,
            defaultCurrency: row.default_currency,
            platformFeeBps: row.platform_fee_bps,
            createdAt: row.created_at,
            learnedAt: row.learned_at,
          }
        : undefined;
    },
  };
}
