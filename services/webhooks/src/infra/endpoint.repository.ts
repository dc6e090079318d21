import type { WebhookEventType } from "@mp/contracts";
import { type Pool, type PoolClient, type Queryable, selectPage } from "@mp/db";
import type { EndpointRepository } from "../application/ports";
import type { Endpoint } from "../domain/endpoint";

interface Row {
  id: string;
  organisation_id: string;
  url: string;
  events: string[];
  description: string | null;
  enabled: boolean;
  disabled_reason: string | null;
  created_at: Date;
  updated_at: Date;
  previous_secret_expires_at: Date | null;
}

const COLUMNS =
  "id, organisation_id, url, events, description, enabled, disabled_reason, created_at, updated_at, previous_secret_expires_at";

/** Serialises endpoint creation per organisation (the per-organisation cap). */
const CREATE_LOCK = 0x77686b31;

function toEndpoint(row: Row): Endpoint {
  return {
    id: row.id,
    organisationId: row.organisation_id,
    url: row.url,
    events: row.events as WebhookEventType[],
    description: row.description,
    enabled: row.enabled,
    disabledReason: row.disabled_reason,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    previousSecretExpiresAt: row.previous_secret_expires_at,
  };
}

export function makeEndpointRepository(pool: Pool): EndpointRepository {
  const one = async (db: Queryable, organisationId: string, id: string, lock: boolean) => {
    const { rows } = await db.query<Row>(
      `SELECT ${COLUMNS} FROM endpoints WHERE id = $1 AND organisation_id = $2${lock ? " FOR UPDATE" : ""}`,
      [id, organisationId],
    );
    return rows[0] && toEndpoint(rows[0]);
  };
  return {
    insert: async (tx, e, secret, creation) => {
      await tx.query(
        `INSERT INTO endpoints (id, organisation_id, url, events, description, enabled, secret_sealed, created_at,
                                updated_at, creation_key, creation_digest)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $10)`,
        [
          e.id,
          e.organisationId,
          e.url,
          e.events,
          e.description,
          e.enabled,
          secret,
          e.createdAt,
          creation?.key ?? null,
          creation?.digest ?? null,
        ],
      );
    },
    byCreationKey: async (tx, organisationId, key) => {
      const { rows } = await tx.query<Row & { creation_digest: string | null; secret_sealed: Buffer }>(
        `SELECT ${COLUMNS}, creation_digest, secret_sealed FROM endpoints
          WHERE organisation_id = $1 AND creation_key = $2`,
        [organisationId, key],
      );
      const row = rows[0];
      return row && { endpoint: toEndpoint(row), digest: row.creation_digest, secret: row.secret_sealed };
    },
    countLocked: async (tx, organisationId) => {
      await tx.query("SELECT pg_advisory_xact_lock($1, hashtext($2))", [CREATE_LOCK, organisationId]);
      const { rows } = await tx.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM endpoints WHERE organisation_id = $1",
        [organisationId],
      );
      return rows[0]?.n ?? 0;
    },
    get: (db, organisationId, id) => one(db, organisationId, id, false),
    lock: (tx, organisationId, id) => one(tx, organisationId, id, true),
    update: async (tx, e) => {
      await tx.query(
        `UPDATE endpoints SET url = $2, events = $3, description = $4, enabled = $5, disabled_reason = $6,
                updated_at = $7 WHERE id = $1`,
        [e.id, e.url, e.events, e.description, e.enabled, e.disabledReason, e.updatedAt],
      );
    },
    rotate: async (tx, id, secret, previousExpiresAt, now, key) => {
      await tx.query(
        `UPDATE endpoints SET previous_secret_sealed = secret_sealed, previous_secret_expires_at = $3,
                secret_sealed = $2, updated_at = $4, rotation_key = $5 WHERE id = $1`,
        [id, secret, previousExpiresAt, now, key],
      );
    },
    rotatedUnder: async (tx, id, key) => {
      const { rows } = await tx.query<{ secret_sealed: Buffer }>(
        "SELECT secret_sealed FROM endpoints WHERE id = $1 AND rotation_key = $2",
        [id, key],
      );
      return rows[0]?.secret_sealed;
    },
    delete: async (tx, organisationId, id) => {
      const result = await tx.query("DELETE FROM endpoints WHERE id = $1 AND organisation_id = $2", [
        id,
        organisationId,
      ]);
      return (result.rowCount ?? 0) > 0;
    },
    list: (organisationId, query) =>
      selectPage<Row, Endpoint>(
        pool,
        {
          select: COLUMNS,
          from: "FROM endpoints WHERE organisation_id = $1",
          params: [organisationId],
          orderBy: "created_at",
          tiebreak: "id",
        },
        query,
        toEndpoint,
      ),
    subscribers: async (tx: PoolClient, organisationId, type) => {
      const { rows } = await tx.query<{
        id: string;
        url: string;
        retrying: boolean;
        secret_sealed: Buffer;
        previous_secret_sealed: Buffer | null;
        previous_secret_expires_at: Date | null;
      }>(
        `SELECT id, url, retrying, secret_sealed, previous_secret_sealed, previous_secret_expires_at
           FROM endpoints WHERE organisation_id = $1 AND enabled AND $2 = ANY (events) ORDER BY id`,
        [organisationId, type],
      );
      return rows.map((r) => ({
        id: r.id,
        url: r.url,
        retrying: r.retrying,
        secrets: {
          current: r.secret_sealed,
          previous: r.previous_secret_sealed,
          previousExpiresAt: r.previous_secret_expires_at,
        },
      }));
    },
    othersEnabled: async (tx, organisationId, exceptId) => {
      const { rows } = await tx.query<{ id: string }>(
        "SELECT id FROM endpoints WHERE organisation_id = $1 AND enabled AND id <> $2 ORDER BY id",
        [organisationId, exceptId],
      );
      return rows.map((r) => r.id);
    },
  };
}
