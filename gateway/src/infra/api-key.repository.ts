import type { ApiKeyLookup, StoredApiKey } from "@mp/auth";
import type { Role } from "@mp/contracts";
import { type Paged, type Pool, paged, pageWindow, type Queryable } from "@mp/db";

/** An API key as its owners see it: everything but the secret, which is never stored. */
export interface ApiKeyRecord {
  id: string;
  organisationId: string;
  name: string;
  roles: Role[];
  prefix: string;
  /** Subject of the access token that created the key; null for keys older than this record. */
  createdBy: string | null;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

export interface NewApiKey {
  id: string;
  organisationId: string;
  name: string;
  roles: Role[];
  keyHash: Buffer;
  prefix: string;
  createdBy: string;
  expiresAt: Date | null;
}

export interface ApiKeyListQuery {
  page: number;
  pageSize: number;
  orderBy: "createdAt" | "name";
  direction: "asc" | "desc";
}

/**
 * Persistence of API keys. Every read and write but the credential lookup is scoped to one organisation,
 * so another organisation's key is indistinguishable from a missing one.
 */
export interface ApiKeyRepository extends ApiKeyLookup {
  create(key: NewApiKey): Promise<ApiKeyRecord>;
  /** Keys not revoked, expired ones included (they stay listed until revoked). */
  listActive(organisationId: string, query: ApiKeyListQuery): Promise<Paged<ApiKeyRecord>>;
  /** One key of the organisation, revoked or not; undefined when the organisation has no such key. */
  get(organisationId: string, id: string): Promise<ApiKeyRecord | undefined>;
  /** True when the key exists in the organisation (revoking a revoked key is a no-op that succeeds). */
  revoke(organisationId: string, id: string): Promise<boolean>;
  /** Record use, at most once a minute per key so authentication does not write on every request. */
  markUsed(id: string): Promise<void>;
}

interface Row {
  id: string;
  organisation_id: string;
  name: string;
  roles: Role[];
  prefix: string;
  created_by: string | null;
  created_at: Date;
  expires_at: Date | null;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

const COLUMNS =
  "id, organisation_id, name, roles, prefix, created_by, created_at, expires_at, last_used_at, revoked_at";
const ORDER_COLUMNS: Record<ApiKeyListQuery["orderBy"], string> = { createdAt: "created_at", name: "name" };

function toRecord(row: Row): ApiKeyRecord {
  return {
    id: row.id,
    organisationId: row.organisation_id,
    name: row.name,
    roles: row.roles,
    prefix: row.prefix,
    createdBy: row.created_by,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

/** PostgreSQL implementation over the gateway's own schema (the pool's search_path is `gateway`). */
export function pgApiKeyRepository(db: Pool | Queryable): ApiKeyRepository {
  return {
    async create(key) {
      const { rows } = await db.query<Row>(
        `INSERT INTO api_keys (id, organisation_id, name, roles, key_hash, prefix, created_by, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
        [
          key.id,
          key.organisationId,
          key.name,
          key.roles,
          key.keyHash,
          key.prefix,
          key.createdBy,
          key.expiresAt,
        ],
      );
      return toRecord(rows[0]!);
    },

    async listActive(organisationId, query) {
      const { limit, offset } = pageWindow(query.page, query.pageSize);
      const direction = query.direction === "asc" ? "ASC" : "DESC";
      const [{ rows }, count] = await Promise.all([
        db.query<Row>(
          `SELECT ${COLUMNS} FROM api_keys WHERE organisation_id = $1 AND revoked_at IS NULL
           ORDER BY ${ORDER_COLUMNS[query.orderBy]} ${direction}, id ${direction} LIMIT $2 OFFSET $3`,
          [organisationId, limit, offset],
        ),
        db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM api_keys WHERE organisation_id = $1 AND revoked_at IS NULL",
          [organisationId],
        ),
      ]);
      return paged(rows.map(toRecord), query.page, query.pageSize, count.rows[0]?.n ?? 0);
    },

    async get(organisationId, id) {
      const { rows } = await db.query<Row>(
        `SELECT ${COLUMNS} FROM api_keys WHERE id = $1 AND organisation_id = $2`,
        [id, organisationId],
      );
      return rows[0] ? toRecord(rows[0]) : undefined;
    },

    async revoke(organisationId, id) {
      const { rowCount } = await db.query(
        `UPDATE api_keys SET revoked_at = coalesce(revoked_at, now())
         WHERE id = $1 AND organisation_id = $2`,
        [id, organisationId],
      );
      return (rowCount ?? 0) > 0;
    },

    async findByHash(hash): Promise<StoredApiKey | undefined> {
      const { rows } = await db.query<{
        id: string;
        organisation_id: string;
        roles: Role[];
        key_hash: Buffer;
        revoked_at: Date | null;
        expires_at: Date | null;
      }>(
        "SELECT id, organisation_id, roles, key_hash, revoked_at, expires_at FROM api_keys WHERE key_hash = $1",
        [hash],
      );
      const row = rows[0];
      return row
        ? {
            id: row.id,
            organisationId: row.organisation_id,
            roles: row.roles,
            keyHash: row.key_hash,
            revokedAt: row.revoked_at,
            expiresAt: row.expires_at,
          }
        : undefined;
    },

    async markUsed(id) {
      await db.query(
        `UPDATE api_keys SET last_used_at = now()
         WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
        [id],
      );
    },
  };
}
