import pg from "pg";

/**
 * Ledger rows for the earnings and export scenarios, written straight into the settlements schema of the
 * stack with `generate_series` (minutes through the API become seconds): sales and (every tenth) refunds of
 * 50 items, spread evenly over one UTC month, each with its provider entry in that month's provider
 * statement. Only the provider's entries are written (the scenarios read the provider's statement and
 * earnings); the daily earnings aggregate fills itself through its trigger. Idempotent: a statement that
 * already holds `lines` lines is reused as it is.
 */
export interface LedgerSeed {
  statementId: string;
  providerOrganisationId: string;
  lines: number;
  /** The month's first instant (UTC). */
  month: Date;
}

const BENCH_INSTANCE = "0193b0e0-0000-7000-8000-00000000be01";
const BENCH_DEVELOPER = "0193b0e0-0000-7000-8000-00000000de01";
const CHUNK = 200_000;

/** The `org` claim of a bearer token (the stack's demo provider's organisation). */
export function organisationOf(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as {
    org?: string;
  };
  if (!payload.org) throw new Error("the token names no organisation");
  return payload.org.toLowerCase();
}

export async function seedLedger(
  databaseUrl: string,
  options: { providerOrganisationId: string; month: Date; lines: number; log: (message: string) => void },
): Promise<LedgerSeed> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { month, lines, providerOrganisationId } = options;
    const monthEnd = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1));
    await client.query(
      `INSERT INTO settlements.statements (id, organisation_id, role, currency, livemode, period_start, period_end)
       VALUES (gen_random_uuid(), $1, 'provider', 'EUR', false, $2, $3)
       ON CONFLICT (organisation_id, role, currency, livemode, period_start) DO NOTHING`,
      [providerOrganisationId, month, monthEnd],
    );
    const { rows } = await client.query<{ id: string; n: string }>(
      `SELECT s.id, (SELECT count(*) FROM settlements.ledger_entries e WHERE e.statement_id = s.id) AS n
         FROM settlements.statements s
        WHERE organisation_id = $1 AND role = 'provider' AND currency = 'EUR' AND NOT livemode AND period_start = $2`,
      [providerOrganisationId, month],
    );
    const statementId = rows[0]!.id;
    const have = Number(rows[0]!.n);
    if (have >= lines) return { statementId, providerOrganisationId, lines: have, month };
    const started = performance.now();
    const spanMs = monthEnd.getTime() - month.getTime();
    for (let from = have + 1; from <= lines; from += CHUNK) {
      const to = Math.min(lines, from + CHUNK - 1);
      await client.query(
        `WITH t AS (
           INSERT INTO settlements.ledger_transactions (id, source_event_id, kind, purchase_id,
             marketplace_instance_id, marketplace_item_id, display_name, device_id, provider_organisation_id,
             developer_organisation_id, currency, livemode, gross, platform_fee, developer_share,
             provider_share, occurred_at)
           SELECT gen_random_uuid(), gen_random_uuid(), CASE WHEN g % 10 = 0 THEN 'refund' ELSE 'sale' END,
                  gen_random_uuid(), $1::uuid, md5('bench-item-' || (g % 50))::uuid,
                  'Bench item ' || (g % 50), lpad(to_hex(g), 16, '0'), $2::uuid, $3::uuid, 'EUR', false,
                  CASE WHEN g % 10 = 0 THEN -1000 ELSE 1999 END, CASE WHEN g % 10 = 0 THEN -100 ELSE 200 END,
                  CASE WHEN g % 10 = 0 THEN -500 ELSE 1000 END, CASE WHEN g % 10 = 0 THEN -400 ELSE 799 END,
                  $4::timestamptz + (g::float8 / ($6::int + 1)) * ($5::float8 * interval '1 millisecond')
             FROM generate_series($7::int, $8::int) g
           RETURNING id, kind, provider_organisation_id, provider_share, occurred_at)
         INSERT INTO settlements.ledger_entries (id, transaction_id, party, organisation_id, amount,
           statement_id, line_kind, occurred_at)
         SELECT gen_random_uuid(), t.id, 'provider', t.provider_organisation_id, t.provider_share, $9, t.kind,
                t.occurred_at
           FROM t`,
        [
          BENCH_INSTANCE,
          providerOrganisationId,
          BENCH_DEVELOPER,
          month,
          spanMs,
          lines,
          from,
          to,
          statementId,
        ],
      );
      options.log(`seeded ledger rows ${from}..${to} of ${lines}`);
    }
    await client.query("ANALYZE settlements.ledger_transactions");
    await client.query("ANALYZE settlements.ledger_entries");
    await client.query("ANALYZE settlements.earnings_daily");
    options.log(
      `seeded ${lines - have} ledger rows in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    return { statementId, providerOrganisationId, lines, month };
  } finally {
    await client.end();
  }
}

/** The resident set size of a process, in bytes (Linux /proc); 0 when it cannot be read. */
export async function rssBytes(pid: number): Promise<number> {
  const { readFile } = await import("node:fs/promises");
  try {
    const status = await readFile(`/proc/${pid}/status`, "utf8");
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Samples the peak RSS of `pids` (summed) every 25 ms while `work` runs. */
export async function peakRssDuring<T>(
  pids: number[],
  work: () => Promise<T>,
): Promise<{ result: T; before: number; peak: number }> {
  const total = async () => (await Promise.all(pids.map(rssBytes))).reduce((a, b) => a + b, 0);
  const before = await total();
  let peak = before;
  let running = true;
  const sampler = (async () => {
    while (running) {
      peak = Math.max(peak, await total());
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  try {
    const result = await work();
    return { result, before, peak };
  } finally {
    running = false;
    await sampler;
  }
}
