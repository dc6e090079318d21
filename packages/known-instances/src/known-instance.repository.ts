import type { Projection } from "@mp/bus";
import type { InstanceCreatedV1 } from "@mp/contracts";
import type { Pool } from "@mp/db";
import type { KnownInstance, KnownInstanceRepository } from "./known-instance";

interface Row {
  id: string;
  owner_organisation_id: string;
  default_currency: string;
  platform_fee_bps: number;
  created_at: Date;
  learned_at: Date;
}

/**
 * What `catalogue.instance.created.v1` and `.snapshot.v1` leave in `known_instances`: the instance's row,
 * inserted, or replaced when the event's version is newer than the one held (instances never change, so a
 * replay or a snapshot leaves the row as it was). The bus writes a batch's rows with their inbox rows in
 * one statement (see @mp/bus `Projection`); `learned_at` keeps its default.
 */
export const knownInstanceProjection: Projection<InstanceCreatedV1> = {
  table: "known_instances",
  key: ["id"],
  row: ({ data }) => ({
    id: data.id,
    owner_organisation_id: data.ownerOrganisationId,
    default_currency: data.defaultCurrency,
    platform_fee_bps: data.platformFeeBps,
    created_at: data.createdAt,
    version: data.version,
  }),
};

export function makeKnownInstanceRepository(pool: Pool): KnownInstanceRepository {
  return {
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
