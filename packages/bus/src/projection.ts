import { named, type Queryable } from "@mp/db";
import type { EventEnvelope } from "./envelope";

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

function quoted(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`Invalid column or table name "${name}"`);
  return `"${name}"`;
}

/**
 * A consumer whose whole effect is one row per event in one table of its schema, declared instead of a
 * handler (`ConsumerOptions.project`). The bus then writes a delivery's or a batch's inbox rows and
 * projection rows with one statement, committed on its own: no `BEGIN`, no `COMMIT`, one round trip per
 * batch whatever its size. The effect is the one a handler calling `applyIfNewer` (or inserting the row
 * unless its key exists) for each event in turn, in its own transaction, would have:
 *
 * - an event whose id the inbox holds already (or an earlier copy in the same batch) writes nothing;
 * - `"newer"` (the default): the row is inserted, or replaces the stored one when the stored version is
 *   lower; of several new events of one key in a batch, the first with the highest version is written;
 * - `"keep"`: the row is inserted unless one with its key exists (a history that is never rewritten); of
 *   several new events of one key in a batch, the first is written.
 */
export interface Projection<T> {
  /** The read model table, in the consumer's schema. */
  table: string;
  /** The columns of its primary key or a unique constraint: the aggregate's row (`ON CONFLICT` target). */
  key: readonly string[];
  /** How an event meets a stored row of its key (default `"newer"`). */
  onConflict?: "newer" | "keep";
  /** Column holding the applied version for `"newer"` (default `version`). */
  versionColumn?: string;
  /**
   * The row an event writes, column name to value: the same columns for every event (the key and, for
   * `"newer"`, the version column among them), values JSON can carry (a `Date` goes as its ISO string;
   * PostgreSQL casts each to its column's type). Columns left out keep their defaults on insert and their
   * stored values on update. May throw for an event it cannot apply (the event is then retried and
   * dead-lettered like a failing handler's).
   */
  row: (event: EventEnvelope<T>) => Record<string, unknown>;
}

/** Statement texts of one projection, by column list (a projection nearly always has just one). */
const texts = new WeakMap<Projection<never>, Map<string, string>>();

/**
 * Applies `events` in one autocommitted statement: their inbox rows, and the projection rows of those the
 * inbox did not hold (see {@link Projection}). Resolves to each event's outcome in order (a second copy of
 * an event within `events` is a duplicate); throws whatever the row function or the database threw, with
 * nothing written.
 */
export async function applyProjection<T>(
  db: Queryable,
  consumer: string,
  events: ReadonlyArray<EventEnvelope<T>>,
  projection: Projection<T>,
): Promise<Array<"handled" | "duplicate">> {
  if (events.length === 0) return [];
  const rows = events.map((event) => projection.row(event));
  const columns = Object.keys(rows[0] ?? {});
  const signature = columns.join(",");
  const newer = (projection.onConflict ?? "newer") === "newer";
  const versionColumn = projection.versionColumn ?? "version";
  for (const row of rows) {
    if (Object.keys(row).join(",") !== signature)
      throw new Error(`The rows of projection ${projection.table} must all have the columns ${signature}`);
    if (newer) {
      const version = row[versionColumn];
      if (!Number.isInteger(version) || (version as number) < 1)
        throw new Error(`Aggregate versions are positive integers, got ${String(version)}`);
    }
  }
  const { rows: fresh } = await db.query<{ event_id: string }>(
    named(projectionText(projection, columns), [
      consumer,
      events.map((event) => event.id),
      JSON.stringify(rows),
    ]),
  );
  const ids = new Set(fresh.map((row) => row.event_id));
  return events.map((event) => (ids.delete(event.id.toLowerCase()) ? "handled" : "duplicate"));
}

function projectionText<T>(projection: Projection<T>, columns: string[]): string {
  let byColumns = texts.get(projection as Projection<never>);
  if (!byColumns) {
    byColumns = new Map();
    texts.set(projection as Projection<never>, byColumns);
  }
  const signature = columns.join(",");
  let text = byColumns.get(signature);
  if (text === undefined) {
    text = buildText(projection, columns);
    byColumns.set(signature, text);
  }
  return text;
}

/**
 * The inbox insert, then the projection rows of the events it inserted, read from one JSON array (typed by
 * the table's own row type, so the declaration needs no column types), one per key (`DISTINCT ON`), then
 * the new event ids. Data-modifying `WITH` parts always run to completion, so the statement writes both or,
 * failing, neither.
 */
function buildText<T>(projection: Projection<T>, columns: string[]): string {
  const newer = (projection.onConflict ?? "newer") === "newer";
  const table = quoted(projection.table);
  if (projection.key.length === 0) throw new Error(`Projection ${projection.table} needs its key columns`);
  const key = projection.key.map(quoted);
  const cols = columns.map(quoted);
  for (const k of projection.key)
    if (!columns.includes(k))
      throw new Error(`Projection ${projection.table}: its rows lack key column ${k}`);
  const versionColumn = projection.versionColumn ?? "version";
  if (newer && !columns.includes(versionColumn))
    throw new Error(`Projection ${projection.table}: its rows lack the version column ${versionColumn}`);
  const version = quoted(versionColumn);
  const order = newer
    ? [...key.map((k) => `r.${k}`), `r.${version} DESC`, "r.ordinality"]
    : [...key.map((k) => `r.${k}`), "r.ordinality"];
  const updated = cols.filter((c) => !key.includes(c));
  const conflict = newer
    ? `DO UPDATE SET ${updated.map((c) => `${c} = EXCLUDED.${c}`).join(", ")}
   WHERE ${table}.${version} < EXCLUDED.${version}`
    : "DO NOTHING";
  return `WITH fresh AS (
  INSERT INTO inbox (consumer, event_id)
  SELECT $1, id FROM unnest($2::uuid[]) AS e(id)
  ON CONFLICT DO NOTHING RETURNING event_id
), projected AS (
  INSERT INTO ${table} (${cols.join(", ")})
  SELECT DISTINCT ON (${key.map((k) => `r.${k}`).join(", ")}) ${cols.map((c) => `r.${c}`).join(", ")}
    FROM json_populate_recordset(NULL::${table}, $3::json) WITH ORDINALITY AS r
    JOIN unnest($2::uuid[]) WITH ORDINALITY AS e(event_id, position) ON e.position = r.ordinality
   WHERE e.event_id IN (SELECT event_id FROM fresh)
   ORDER BY ${order.join(", ")}
  ON CONFLICT (${key.join(", ")}) ${conflict}
)
SELECT event_id FROM fresh`;
}
