import { named, type Queryable } from "@mp/db";

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

function column(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`Invalid column or table name "${name}"`);
  return `"${name}"`;
}

export interface VersionedChange {
  /** The projection table, in the consumer's schema. */
  table: string;
  /** Primary key columns and values of the aggregate's row (its id). */
  key: Record<string, unknown>;
  /** The aggregate version the event carries (`data.version`). */
  version: number;
  /** The other columns the event sets. */
  values: Record<string, unknown>;
  /** Column holding the applied version (default `version`). */
  versionColumn?: string;
}

/**
 * Apply an event to a read model only when it is newer than what the row holds: insert the row, or update
 * it when its stored version is lower, in one statement (`INSERT … ON CONFLICT … DO UPDATE … WHERE
 * version < EXCLUDED.version`). Run it in the handler's transaction. Redeliveries, replays, snapshots and
 * events that overtook each other then leave the newest state whatever the order they arrive in, and
 * two replicas applying events of one aggregate at once are serialised by the row lock the upsert takes.
 * Resolves to whether the row changed. The statement is named after its text (table and columns), so it is
 * parsed and planned once per connection.
 */
export async function applyIfNewer(db: Queryable, change: VersionedChange): Promise<boolean> {
  if (!Number.isInteger(change.version) || change.version < 1)
    throw new Error(`Aggregate versions are positive integers, got ${change.version}`);
  const keys = Object.keys(change.key);
  if (keys.length === 0) throw new Error("applyIfNewer needs the row's key");
  const versionColumn = column(change.versionColumn ?? "version");
  const table = column(change.table);
  const names = [...keys, ...Object.keys(change.values)].map(column);
  const params = [...Object.values(change.key), ...Object.values(change.values), change.version];
  const updates = [...Object.keys(change.values).map(column), versionColumn].map(
    (c) => `${c} = EXCLUDED.${c}`,
  );
  const { rowCount } = await db.query(
    named(
      `INSERT INTO ${table} (${[...names, versionColumn].join(", ")})
     VALUES (${params.map((_, i) => `$${i + 1}`).join(", ")})
     ON CONFLICT (${keys.map(column).join(", ")}) DO UPDATE SET ${updates.join(", ")}
     WHERE ${table}.${versionColumn} < EXCLUDED.${versionColumn}`,
      params,
    ),
  );
  return rowCount === 1;
}
