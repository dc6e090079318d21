import type { Queryable } from "@mp/db";
import type { StatementRepository } from "../application/statements.ports";
import type { Placement } from "../domain/movement";
import type { StatementKey, StatementRole, StatementStatus } from "../domain/statement";
import { addMonths, monthStart } from "../domain/statement-period";
import { lockMode, PLACEMENT_LOCK } from "./placement-lock.sql";

/** How many months past the entry's a placement looks for an open statement before giving up. */
const MAX_MONTHS_AHEAD = 240;

const memoKey = (key: StatementKey, month: Date) =>
  `${key.organisationId}|${key.role}|${key.currency}|${key.livemode}|${month.toISOString()}`;

/** Where entries land: their statement, found or created under the placement lock. */
export function makeStatementPlacement(): Pick<StatementRepository, "place" | "placeBoth"> {
  const monthClosed = async (tx: Queryable, livemode: boolean, month: Date) => {
    const { rowCount } = await tx.query(
      `SELECT 1 FROM statement_batches WHERE livemode = $1 AND period_start <= $2 AND period_end > $2 LIMIT 1`,
      [livemode, month],
    );
    return (rowCount ?? 0) > 0;
  };
  /** The statement of `key` and `month`, created open when missing, share-locked. */
  const ensure = async (tx: Queryable, key: StatementKey, month: Date, newId: () => string) => {
    await tx.query(
      `INSERT INTO statements (id, organisation_id, role, currency, livemode, period_start, period_end)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
      [newId(), key.organisationId, key.role, key.currency, key.livemode, month, addMonths(month, 1)],
    );
    const { rows } = await tx.query<{ id: string; status: StatementStatus }>(
      `SELECT id, status FROM statements
        WHERE organisation_id = $1 AND role = $2 AND currency = $3 AND livemode = $4 AND period_start = $5
        FOR SHARE`,
      [key.organisationId, key.role, key.currency, key.livemode, month],
    );
    const row = rows[0];
    if (!row) throw new Error("statement vanished after its upsert");
    return row;
  };

  const place: StatementRepository["place"] = async (tx, key, occurredAt, kind, { now, newId }) => {
    await tx.query("SELECT pg_advisory_xact_lock_shared($1, $2)", [PLACEMENT_LOCK, lockMode(key.livemode)]);
    const month = monthStart(occurredAt);
    if (!(await monthClosed(tx, key.livemode, month))) {
      const own = await ensure(tx, key, month, newId);
      if (own.status === "open") return { statementId: own.id, lineKind: kind };
    }
    const { rows } = await tx.query<{ id: string }>(
      `SELECT id FROM statements
        WHERE organisation_id = $1 AND role = $2 AND currency = $3 AND livemode = $4
          AND period_start > $5 AND status = 'open'
        ORDER BY period_start LIMIT 1 FOR SHARE`,
      [key.organisationId, key.role, key.currency, key.livemode, month],
    );
    if (rows[0]) return { statementId: rows[0].id, lineKind: "adjustment" };
    const current = monthStart(now);
    let target = current > month ? current : addMonths(month, 1);
    for (let i = 0; i < MAX_MONTHS_AHEAD; i++, target = addMonths(target, 1)) {
      if (await monthClosed(tx, key.livemode, target)) continue;
      const next = await ensure(tx, key, target, newId);
      if (next.status === "open") return { statementId: next.id, lineKind: "adjustment" };
    }
    throw new Error(`no open statement within ${MAX_MONTHS_AHEAD} months of ${month.toISOString()}`);
  };

  return {
    place,

    placeBoth: async (tx, keys, occurredAt, kind, context, { lockHeld, memo }) => {
      const { developer, provider } = keys;
      if (developer.livemode !== provider.livemode || developer.currency !== provider.currency)
        throw new Error("a movement's developer and provider statements share their mode and currency");
      const month = monthStart(occurredAt);
      const remembered = {
        developer: memo?.get(memoKey(developer, month)),
        provider: memo?.get(memoKey(provider, month)),
      };
      if (remembered.developer !== undefined && remembered.provider !== undefined)
        return {
          developer: { statementId: remembered.developer, lineKind: kind },
          provider: { statementId: remembered.provider, lineKind: kind },
        };
      if (!lockHeld)
        await tx.query("SELECT pg_advisory_xact_lock_shared($1, $2)", [
          PLACEMENT_LOCK,
          lockMode(developer.livemode),
        ]);
      // As two `ensure`s unless the month is closed: both statements created when missing, the existing
      // ones share-locked. A row another transaction inserted since this statement's snapshot is neither
      // inserted nor seen here: that key goes through `place`, as does one whose statement is not open.
      const { rows } = await tx.query<{ role: StatementRole; id: string; status: StatementStatus }>({
        name: "settlements-place-both",
        text: `WITH closed AS (
           SELECT EXISTS (SELECT 1 FROM statement_batches
                           WHERE livemode = $5 AND period_start <= $6 AND period_end > $6) AS closed
         ), keyed (id, organisation_id, role) AS (
           VALUES ($1::uuid, $2::uuid, 'developer'), ($3::uuid, $4::uuid, 'provider')
         ), inserted AS (
           INSERT INTO statements (id, organisation_id, role, currency, livemode, period_start, period_end)
           SELECT k.id, k.organisation_id, k.role, $7::char(3), $5::boolean, $6::timestamptz, $8::timestamptz
             FROM keyed k, closed WHERE NOT closed.closed
           ON CONFLICT DO NOTHING
           RETURNING role, id, status
         ), existing AS (
           SELECT s.role, s.id, s.status FROM statements s
            WHERE (s.organisation_id, s.role) IN (($2::uuid, 'developer'), ($4::uuid, 'provider'))
              AND s.currency = $7 AND s.livemode = $5 AND s.period_start = $6
              AND NOT (SELECT closed FROM closed)
            FOR SHARE OF s
         )
         SELECT role, id, status FROM inserted UNION ALL SELECT role, id, status FROM existing`,
        values: [
          context.newId(),
          developer.organisationId,
          context.newId(),
          provider.organisationId,
          developer.livemode,
          month,
          developer.currency,
          addMonths(month, 1),
        ],
      });
      const settled = (role: StatementRole): Placement | undefined => {
        const row = rows.find((r) => r.role === role);
        if (row?.status !== "open") return undefined;
        memo?.set(memoKey(keys[role], month), row.id);
        return { statementId: row.id, lineKind: kind };
      };
      return {
        developer: settled("developer") ?? (await place(tx, developer, occurredAt, kind, context)),
        provider: settled("provider") ?? (await place(tx, provider, occurredAt, kind, context)),
      };
    },
  };
}
