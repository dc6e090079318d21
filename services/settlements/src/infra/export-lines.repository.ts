import type { Pool, PoolClient } from "@mp/db";
import { to as copyTo } from "pg-copy-streams";
import type {
  ExportLine,
  ExportStatementHeader,
  StatementExportSource,
  StatementSnapshot,
} from "../application/export.ports";

const EXPORT_STATEMENT_TIMEOUT = "5min";
const EXPORT_IDLE_TIMEOUT = "10min";

const LINES = `
  SELECT e.id,
         to_char(e.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "occurredAt",
         e.line_kind AS kind, t.purchase_id AS "purchaseId", t.marketplace_item_id AS "marketplaceItemId",
         t.display_name AS "displayName", t.device_id AS "deviceId", t.gross::text AS gross,
         t.platform_fee::text AS "platformFee", e.amount::text AS share
    FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
   WHERE e.statement_id = $1`;

/**
 * The same lines as `LINES`, as CSV written by PostgreSQL (`StatementSnapshot.csv`). COPY quotes exactly the
 * fields csv-stringify quotes (a comma, a quote, a CR or an LF) except the empty string, which COPY quotes
 * to tell it from NULL: empty text is therefore sent as NULL, which COPY writes as nothing, as csv-stringify
 * writes an empty string. The item name is neutralised here as `neutraliseFormula` does (a name starting
 * with `=`, `+`, `-`, `@`, a tab or a CR gets a leading `'`). COPY takes no parameters: the id is a literal.
 */
const copyCsv = (statementLiteral: string) => `
  COPY (
    SELECT to_char(e.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), e.line_kind,
           t.purchase_id, t.marketplace_item_id,
           CASE WHEN left(t.display_name, 1) IN ('=', '+', '-', '@', E'\\t', E'\\r') THEN '''' || t.display_name
                ELSE nullif(t.display_name, '') END,
           nullif(t.device_id, ''), t.gross, t.platform_fee, e.amount
      FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
     WHERE e.statement_id = ${statementLiteral}
     ORDER BY e.occurred_at, e.id
  ) TO STDOUT (FORMAT csv)`;

/**
 * A COPY is one statement for the whole export, which lasts as long as the client takes to read it: the
 * bound is the export's own deadline (the gateway gives it 15 minutes and settlements stops at the
 * deadline); this is only a backstop.
 */
const EXPORT_COPY_TIMEOUT = "20min";

/**
 * Export slots are transaction-level advisory locks `(EXPORT_SLOT_LOCK + slot, hashtext(organisation))`,
 * held by each export's transaction until it ends, so the cap holds across replicas and a crashed export
 * frees its slot with its connection. The first key stays clear of the ledger's placement lock (730 301).
 */
const EXPORT_SLOT_LOCK = 730_400;

/** Takes a free export slot of `exporter` for this transaction; false when all `slots` are taken. */
async function takeExportSlot(
  client: { query: PoolClient["query"] },
  exporter: string,
  slots: number,
): Promise<boolean> {
  for (let slot = 0; slot < slots; slot++) {
    const { rows } = await client.query<{ taken: boolean }>(
      "SELECT pg_try_advisory_xact_lock($1, hashtext($2)) AS taken",
      [EXPORT_SLOT_LOCK + slot, exporter],
    );
    if (rows[0]?.taken) return true;
  }
  return false;
}

/**
 * Statement lines for exports, read in one REPEATABLE READ, READ ONLY transaction so the count, the totals
 * and the lines see the same snapshot even while an open statement takes new ones. The lines come from one
 * server-side cursor fetched in batches, so memory holds two batches whatever the statement's size. The
 * connection is held until `close`. `pool` is the exports' own (`DB_EXPORT_POOL_MAX`), so exports never
 * take the connections payment intake needs.
 */
export function makeStatementExportSource(pool: Pool): StatementExportSource {
  return {
    async open(request, signal) {
      const { statementId } = request;
      const client = await pool.connect();
      let released = false;
      // Set when a COPY was left before its end: the connection is mid-statement, so it is closed (which
      // stops the statement) instead of going back to the pool.
      let unfinished: Error | undefined;
      const release = async (error: Error | undefined = unfinished) => {
        if (released) return;
        released = true;
        if (!error) await client.query("ROLLBACK").catch((e: Error) => (error = e));
        client.release(error);
      };
      try {
        await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
        // An export outlives the pool's defaults: the first fetch of a million lines sorts them all, and a
        // slow client leaves the transaction idle between fetches. Bounded all the same.
        await client.query(`SET LOCAL statement_timeout = '${EXPORT_STATEMENT_TIMEOUT}'`);
        await client.query(`SET LOCAL idle_in_transaction_session_timeout = '${EXPORT_IDLE_TIMEOUT}'`);
        if (!(await takeExportSlot(client, request.exporter, request.maxConcurrent))) {
          await release();
          return "busy";
        }
        const { rows } = await client.query<{
          id: string;
          organisation_id: string;
          role: "developer" | "provider";
          currency: string;
          livemode: boolean;
          period_start: Date;
          period_end: Date;
          status: "open" | "finalized" | "paid";
        }>(
          `SELECT id, organisation_id, role, currency, livemode, period_start, period_end, status
             FROM statements WHERE id = $1 AND ($2::uuid IS NULL OR organisation_id = $2::uuid)`,
          [statementId, request.organisationId ?? null],
        );
        const row = rows[0];
        const header: ExportStatementHeader | undefined = row && {
          id: row.id,
          organisationId: row.organisation_id,
          role: row.role,
          currency: row.currency.trim(),
          livemode: row.livemode,
          periodStart: row.period_start,
          periodEnd: row.period_end,
          status: row.status,
        };
        // Lines are read only for a statement the header query found for this caller.
        const mustHaveHeader = () => {
          if (!header) throw new Error("no statement of this caller: its lines are not read");
        };
        /**
         * One server-side cursor over the whole ordered result, planned for the whole result
         * (cursor_tuple_fraction 1: a hash join and one sort instead of a lookup per line), fetched in
         * batches: PostgreSQL holds the result, this process at most two batches. The next batch is asked
         * for as soon as one arrives, so PostgreSQL reads it while the caller renders this one.
         */
        async function* cursor<T>(select: string, batchSize: number): AsyncGenerator<T[]> {
          mustHaveHeader();
          await client.query("SET LOCAL cursor_tuple_fraction = 1.0");
          await client.query(
            `DECLARE export_lines NO SCROLL CURSOR FOR ${select} ORDER BY e.occurred_at, e.id`,
            [statementId],
          );
          const text = `FETCH ${batchSize} FROM export_lines`;
          const fetch = (): Promise<T[]> => {
            const rows = (async () => (await client.query(text)).rows as T[])();
            // A fetch may fail while the caller still renders the batch before it: handled when awaited.
            rows.catch(() => undefined);
            return rows;
          };
          let next: Promise<T[]> | undefined = fetch();
          try {
            while (next) {
              if (signal?.aborted) return;
              const batch: T[] = await next;
              // A short batch is the last: nothing more to ask for.
              next = batch.length < batchSize ? undefined : fetch();
              if (batch.length > 0) yield batch;
            }
          } finally {
            // The caller stopped early (or a fetch failed): let the fetch in flight end before closing.
            await next?.catch(() => undefined);
            await client.query("CLOSE export_lines").catch(() => undefined);
          }
        }
        const snapshot: StatementSnapshot = {
          header,
          async totals() {
            mustHaveHeader();
            const { rows: totals } = await client.query<Record<string, string>>(
              `SELECT count(*)::text AS n,
                      coalesce(sum(t.gross) FILTER (WHERE t.gross > 0), 0)::text AS gross_sales,
                      coalesce(sum(-t.gross) FILTER (WHERE t.gross < 0), 0)::text AS refunds,
                      coalesce(sum(t.platform_fee), 0)::text AS platform_fees,
                      coalesce(sum(e.amount), 0)::text AS net
                 FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
                WHERE e.statement_id = $1`,
              [statementId],
            );
            const t = totals[0] ?? {};
            return {
              lineCount: Number(t.n ?? 0),
              grossSales: BigInt(t.gross_sales ?? 0),
              refunds: BigInt(t.refunds ?? 0),
              platformFees: BigInt(t.platform_fees ?? 0),
              net: BigInt(t.net ?? 0),
            };
          },
          lines: (batchSize) => cursor<ExportLine>(LINES, batchSize),
          async *csv() {
            mustHaveHeader();
            await client.query(`SET LOCAL statement_timeout = '${EXPORT_COPY_TIMEOUT}'`);
            const copy = client.query(copyTo(copyCsv(client.escapeLiteral(statementId))));
            // Errors reach the loop below through the iteration; this keeps one raised after the loop was
            // left (the connection closed under a COPY cut short) from being an unhandled 'error' event.
            copy.on("error", () => undefined);
            unfinished = new Error("the export's COPY was left before its end");
            for await (const chunk of copy as AsyncIterable<Buffer>) {
              if (signal?.aborted) return;
              yield chunk;
            }
            unfinished = undefined;
          },
          close: () => release(),
        };
        return snapshot;
      } catch (error) {
        await release(error as Error);
        throw error;
      }
    },
  };
}
