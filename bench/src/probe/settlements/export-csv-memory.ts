/**
 * The CSV export's memory without a stack: a fresh database on the local PostgreSQL (DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres), the settlements migrations, one provider statement of
 * `lines` lines seeded as bench scenario F seeds it, then the export served by this process exactly as
 * settlements serves it (the `ExportStatement` definition of `earningsGrpc`, `makeExportStatement` over
 * `makeStatementExportSource` and `renderStatementCsv`, each chunk written with back-pressure) to a gRPC
 * client in a child process that reads as fast as it can. Samples this process's memory every 5 ms during
 * each export and reports the peak growth of its RSS and of its ArrayBuffers (Node's buffers, outside V8's
 * heap: the export's transient memory), its CPU time and the client's, and a digest of the bytes received
 * (which must not change with an optimisation). Run it with settlements' Node options
 * (deploy/local/src/launcher/targets.ts), and `--expose-gc` so each run starts from a collected heap (the
 * RSS glibc keeps from a run still counts in the next; the ArrayBuffers figure does not):
 *
 *   cd services/settlements && MALLOC_ARENA_MAX=2 NODE_OPTIONS="--max-semi-space-size=1 --max-old-space-size=256" \
 *     node --expose-gc --import tsx bench/src/probe/settlements/export-csv-memory.ts [lines=1000000] [runs=3]
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import * as grpc from "@grpc/grpc-js";
import type { EarningsProto } from "@mp/contracts";
import type { Pool } from "@mp/db";
import { loadProto } from "@mp/grpc";
import { makeExportStatement } from "../../../../services/settlements/src/application/export-statement";
import { renderStatementCsv } from "../../../../services/settlements/src/infra/export-csv";
import { makeStatementExportSource } from "../../../../services/settlements/src/infra/export-lines.repository";
import { renderStatementPdf } from "../../../../services/settlements/src/infra/export-pdf";
import { earningsGrpc } from "../../../../services/settlements/src/transport/earnings.grpc";
import { withServiceDatabase } from "../service-database";

const PROVIDER = "0193b0e0-0000-7000-8000-0000000000b1";
const MB = 1024 * 1024;

/** Child mode: read the whole export, print bytes and digest as JSON. */
async function client(port: string, statementId: string) {
  const proto = loadProto<EarningsProto>("marketplace/settlements/v1/earnings.proto").marketplace.settlements
    .v1;
  const stub = new proto.EarningsService(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  const hash = createHash("sha256");
  let bytes = 0;
  const call = stub.ExportStatement({ statementId, format: "csv" });
  for await (const chunk of call as AsyncIterable<{ data: Buffer }>) {
    bytes += chunk.data.length;
    hash.update(chunk.data);
  }
  stub.close();
  const cpu = process.cpuUsage();
  const cpuMs = Math.round((cpu.user + cpu.system) / 1000);
  process.stdout.write(JSON.stringify({ bytes, digest: hash.digest("hex").slice(0, 16), cpuMs }));
}

async function seed(pool: Pool, lines: number): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO statements (id, organisation_id, role, currency, livemode, period_start, period_end)
     VALUES (gen_random_uuid(), $1, 'provider', 'EUR', false, '2025-01-01Z', '2025-02-01Z') RETURNING id`,
    [PROVIDER],
  );
  const statementId = rows[0]!.id;
  await pool.query("SET statement_timeout = 0");
  // As bench/src/seed/ledger-rows.ts, with fixed ids so every run exports the same bytes.
  await pool.query(
    `WITH t AS (
       INSERT INTO ledger_transactions (id, source_event_id, kind, purchase_id, marketplace_instance_id,
         marketplace_item_id, display_name, device_id, provider_organisation_id, developer_organisation_id,
         currency, livemode, gross, platform_fee, developer_share, provider_share, occurred_at)
       SELECT md5('t' || g)::uuid, md5('s' || g)::uuid, CASE WHEN g % 10 = 0 THEN 'refund' ELSE 'sale' END,
              md5('p' || g)::uuid, md5('instance')::uuid, md5('bench-item-' || (g % 50))::uuid,
              'Bench item ' || (g % 50), lpad(to_hex(g), 16, '0'), $1::uuid, md5('developer')::uuid, 'EUR',
              false, CASE WHEN g % 10 = 0 THEN -1000 ELSE 1999 END, CASE WHEN g % 10 = 0 THEN -100 ELSE 200 END,
              CASE WHEN g % 10 = 0 THEN -500 ELSE 1000 END, CASE WHEN g % 10 = 0 THEN -400 ELSE 799 END,
              '2025-01-01Z'::timestamptz + (g::float8 / ($2::int + 1)) * interval '31 days'
         FROM generate_series(1, $2::int) g
       RETURNING id, kind, provider_organisation_id, provider_share, occurred_at)
     INSERT INTO ledger_entries (id, transaction_id, party, organisation_id, amount, statement_id, line_kind,
       occurred_at)
     SELECT md5('e' || t.id)::uuid, t.id, 'provider', t.provider_organisation_id, t.provider_share, $3, t.kind,
            t.occurred_at
       FROM t`,
    [PROVIDER, lines, statementId],
  );
  await pool.query("ANALYZE ledger_transactions");
  await pool.query("ANALYZE ledger_entries");
  return statementId;
}

async function main(lines: number, runs: number) {
  await withServiceDatabase("settlements", { prefix: "export_mem", max: 1 }, async (pool, logger) => {
    const server = new grpc.Server();
    try {
      const statementId = await seed(pool, lines);
      const exportStatement = makeExportStatement({
        source: makeStatementExportSource(pool),
        renderers: { csv: renderStatementCsv, pdf: renderStatementPdf },
        operatorOrganisationId: undefined,
        maxConcurrent: 1,
      });
      const { definition } = earningsGrpc({} as Parameters<typeof earningsGrpc>[0], logger);
      // As `serverStreamHandlers` writes a stream (back-pressure: the next chunk once the call drained).
      server.addService(definition, {
        ExportStatement: async (call: grpc.ServerWritableStream<{ statementId: string }, unknown>) => {
          const controller = new AbortController();
          const ctx = {
            principal: {
              subject: "admin",
              organisationId: PROVIDER,
              roles: ["admin" as const],
              via: "jwt" as const,
            },
            requestId: "export-mem",
            signal: controller.signal,
            logger,
          };
          for await (const message of exportStatement(
            { statementId: call.request.statementId, format: "csv" },
            ctx,
          ))
            if (!call.write(message)) await once(call, "drain");
          call.end();
        },
      });
      const port = await new Promise<number>((resolve, reject) =>
        server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (e, p) =>
          e ? reject(e) : resolve(p),
        ),
      );
      for (let run = 1; run <= runs; run++) {
        // Each run from a collected heap (node --expose-gc), so one run's garbage does not count in the next.
        (globalThis as { gc?: () => void }).gc?.();
        await new Promise((resolve) => setTimeout(resolve, 200));
        const before = process.memoryUsage();
        let rss = before.rss;
        let arrayBuffers = before.arrayBuffers;
        const sampler = setInterval(() => {
          const now = process.memoryUsage();
          rss = Math.max(rss, now.rss);
          arrayBuffers = Math.max(arrayBuffers, now.arrayBuffers);
        }, 5);
        const cpu = process.cpuUsage();
        const started = performance.now();
        const child = spawn(
          process.execPath,
          [...process.execArgv, fileURLToPath(import.meta.url), "client", String(port), statementId],
          {
            env: { ...process.env, NODE_OPTIONS: "" },
            stdio: ["ignore", "pipe", "inherit"],
          },
        );
        let out = "";
        child.stdout.on("data", (d: Buffer) => (out += d.toString()));
        const [code] = await once(child, "exit");
        const seconds = (performance.now() - started) / 1000;
        const used = process.cpuUsage(cpu);
        clearInterval(sampler);
        if (code !== 0) throw new Error(`the client exited with ${code}`);
        const received = JSON.parse(out) as { bytes: number; digest: string; cpuMs: number };
        console.log(
          `run ${run}: ${(received.bytes / MB).toFixed(1)} MB in ${seconds.toFixed(1)} s, digest ${received.digest}; ` +
            `RSS ${(before.rss / MB).toFixed(1)} -> peak ${(rss / MB).toFixed(1)} MB (+${((rss - before.rss) / MB).toFixed(1)}), ` +
            `ArrayBuffers ${(before.arrayBuffers / MB).toFixed(1)} -> peak ${(arrayBuffers / MB).toFixed(1)} MB ` +
            `(+${((arrayBuffers - before.arrayBuffers) / MB).toFixed(1)}); CPU ${((used.user + used.system) / 1000).toFixed(0)} ms (client ${received.cpuMs} ms)`,
        );
      }
    } finally {
      server.forceShutdown();
    }
  });
}

if (process.argv[2] === "client") await client(process.argv[3]!, process.argv[4]!);
else await main(Number(process.argv[2] ?? 1_000_000), Number(process.argv[3] ?? 3));
