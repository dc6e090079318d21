/**
 * What applying instance events costs publishing's consumer, per event, without NATS: the inbox rows and
 * the `known_instances` rows of batches of a fixed size, written as the bus writes them for a projecting
 * consumer (`project`: one statement per batch) and as it did for a handler calling `applyIfNewer`
 * (`BEGIN`, the inbox rows, one upsert per event, `COMMIT`). The two ways alternate in rounds on one
 * connection each, in a fresh database on the local PostgreSQL (DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres), removed afterwards.
 *
 * Reports per event: this process's CPU and the CPU of the backend serving each way (from /proc, so the
 * server must run on this machine). Latency is not reported.
 *
 *   pnpm tsx bench/src/probe/publishing/instance-apply-cpu.ts [events=2000] [rounds=3] [sizes=1,2,8]
 */
import { applyIfNewer, applyInTransaction, applyProjection, type EventEnvelope, newEvent } from "@mp/bus";
import { type InstanceCreatedV1, instanceCreatedV1 } from "@mp/contracts";
import { createPool, type Pool, type PoolClient } from "@mp/db";
import { knownInstanceProjection } from "@mp/known-instances";
import { createLogger } from "@mp/logger";
import { migrateService } from "@mp/runtime";
import { processCpuMs } from "@mp/testing/proc-cpu";
import { withScratchDatabase } from "@mp/testing/write-cost";
import { v7 as uuidv7 } from "uuid";

const EVENTS = Number(process.argv[2] ?? 2000);
const ROUNDS = Number(process.argv[3] ?? 3);
const SIZES = (process.argv[4] ?? "1,2,8").split(",").map(Number);
const ADMIN_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const OWNER = "0193a1b2-0000-7000-8000-0000000000b1";

/** The handler publishing ran before `project`: one version-guarded upsert per event. */
async function remember(event: EventEnvelope<InstanceCreatedV1>, tx: PoolClient): Promise<void> {
  const { data } = event;
  await applyIfNewer(tx, {
    table: "known_instances",
    key: { id: data.id },
    version: data.version,
    values: {
      owner_organisation_id: data.ownerOrganisationId,
      default_currency: data.defaultCurrency,
      platform_fee_bps: data.platformFeeBps,
      created_at: new Date(data.createdAt),
    },
  });
}

function instanceEvents(n: number): EventEnvelope<InstanceCreatedV1>[] {
  return Array.from({ length: n }, () => {
    const id = uuidv7();
    return newEvent<InstanceCreatedV1>(instanceCreatedV1.type, "catalogue", {
      id,
      name: `Instance ${id.slice(-6)}`,
      ownerOrganisationId: OWNER,
      defaultCurrency: "EUR",
      platformFeeBps: 1500,
      createdAt: new Date().toISOString(),
      version: 1,
    });
  });
}

type Way = (pool: Pool, batch: EventEnvelope<InstanceCreatedV1>[]) => Promise<unknown>;
const ways: Record<string, Way> = {
  "handler (BEGIN, inbox, upserts, COMMIT)": (pool, batch) =>
    applyInTransaction(
      pool,
      "handler",
      batch.map((event) => ({ event })),
      remember,
    ),
  "project (one statement)": (pool, batch) =>
    applyProjection(pool, "project", batch, knownInstanceProjection),
};

async function main() {
  const logger = createLogger({ service: "instance-apply-cpu", level: "error" });
  const open = (url: string) => {
    const pools = Object.keys(ways).map((way) =>
      createPool({
        url,
        schema: "publishing",
        applicationName: `apply-${way.split(" ")[0]}`,
        max: 1,
        logger,
      }),
    );
    return { pools, end: () => Promise.all(pools.map((p) => p.end())).then(() => {}) };
  };
  await withScratchDatabase({ adminUrl: ADMIN_URL, prefix: "instapply_cpu", open }, async ({ pools }) => {
    const [first] = pools as [Pool];
    await migrateService(
      first,
      "publishing",
      new URL("../../../../services/publishing/migrations", import.meta.url),
    );
    const pids = await Promise.all(
      pools.map(
        async (pool) =>
          (await pool.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]?.pid ?? 0,
      ),
    );
    const entries = Object.entries(ways);
    // Warm-up: plans made, caches filled.
    for (const [i, [, way]] of entries.entries())
      for (const size of SIZES) await way(pools[i] as Pool, instanceEvents(size));
    const totals = new Map<string, { node: number; pg: number; events: number }>();
    for (let round = 0; round < ROUNDS; round++)
      for (const size of SIZES)
        for (const [i, [name, way]] of entries.entries()) {
          const events = instanceEvents(EVENTS);
          const pool = pools[i] as Pool;
          const pid = pids[i] as number;
          const pg0 = processCpuMs(pid);
          const cpu0 = process.cpuUsage();
          for (let at = 0; at < events.length; at += size) await way(pool, events.slice(at, at + size));
          const cpu = process.cpuUsage(cpu0);
          const key = `batches of ${size}: ${name}`;
          const total = totals.get(key) ?? { node: 0, pg: 0, events: 0 };
          total.node += (cpu.user + cpu.system) / 1000;
          total.pg += processCpuMs(pid) - pg0;
          total.events += events.length;
          totals.set(key, total);
        }
    console.log(`${EVENTS} events x ${ROUNDS} rounds per way and size; CPU per event:`);
    for (const [key, t] of totals)
      console.log(
        `  ${key}: node ${(t.node / t.events).toFixed(3)} ms, postgres ${(t.pg / t.events).toFixed(3)} ms`,
      );
  });
}

await main();
