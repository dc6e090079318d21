import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import { REPO_ROOT } from "@mp/local/paths";
import pg from "pg";
import { databaseUrl } from "../env";
import type { Log, UpResult } from "../stack";
import { runChaos } from "./chaos";
import { settledOutcomes } from "./ledger";
import { renderRun } from "./report";
import { Tally } from "./tally";
import { Traffic } from "./traffic";
import { misses } from "./verdict";

const REPORT = join(REPO_ROOT, "docs/rehearsal.md");
/** Where the runs' sections start in docs/rehearsal.md; each run is added on top of the earlier ones. */
const RUNS_MARKER = "<!-- runs: newest first -->";

function positive(key: string, fallback: number): number {
  const raw = process.env[key];
  const value = raw ? Number(raw) : fallback;
  if (!(value > 0)) throw new Error(`${key} must be a positive number, got "${raw}"`);
  return value;
}

/** The checked-out commit, short. */
export function headCommit(): string {
  return execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: REPO_ROOT }).toString().trim();
}

function machine(): string {
  const docker = execFileSync("docker", ["version", "--format", "{{.Server.Version}}"]).toString().trim();
  return `${cpus().length} CPU cores (${cpus()[0]?.model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GiB, Docker ${docker}, Node ${process.version} (drill client)`;
}

/**
 * The drill: mixed load for at least DRILL_SECONDS while the disruptions run; then, once the bus has had
 * time to deliver, the database's figures; the report goes on top of docs/rehearsal.md's runs. True when
 * every requirement was met. `commit` is the one the run started from (its images were built from it),
 * read before `up`: the branch may move during a run.
 */
export async function runDrill(started: UpResult, log: Log, commit: string): Promise<boolean> {
  const seconds = positive("DRILL_SECONDS", 300);
  const rate = positive("DRILL_RATE", 20);
  const db = new pg.Pool({ connectionString: databaseUrl(), max: 4 });
  try {
    const tally = new Tally();
    const runId = randomBytes(4).toString("hex");
    const traffic = await Traffic.prepare({
      gatewayUrl: started.gatewayUrl,
      seeded: started.demo,
      db,
      tally,
      runId,
    });
    const date = new Date().toISOString();
    log(`drill ${runId}: ${rate} operations a second for at least ${seconds} s, disruptions from 20 s`);
    const origin = performance.now();
    const originEpoch = Date.now();
    const chaos = new Promise((resolve) => setTimeout(resolve, 20_000)).then(() => runChaos(origin, log));
    const ran = await traffic.run(rate, seconds * 1000, chaos);
    const steps = await chaos;
    log(`load done after ${ran.toFixed(0)} s: ${tally.sent} requests; waiting for purchases and the ledger`);
    const outcomes = await settledOutcomes(db, traffic.accepted);
    const figures = {
      seconds: ran,
      requests: tally.sent,
      failures: tally.failures,
      accepted: traffic.accepted.length,
      undelivered: traffic.undelivered,
      outcomes,
      steps,
    };
    const missed = misses(figures);
    const section = renderRun(
      {
        date,
        commit,
        machine: machine(),
        rate,
        startSeconds: started.startSeconds,
        installsQueued: traffic.installsQueued,
        dropped: traffic.dropped,
        origin: originEpoch,
      },
      figures,
      missed,
    );
    const report = await readFile(REPORT, "utf8");
    if (!report.includes(RUNS_MARKER)) throw new Error(`docs/rehearsal.md has no "${RUNS_MARKER}" line`);
    await writeFile(REPORT, report.replace(RUNS_MARKER, `${RUNS_MARKER}\n\n${section}`));
    process.stdout.write(`\n${section}\n`);
    log(missed.length === 0 ? "drill passed" : `drill FAILED: ${missed.join("; ")}`);
    return missed.length === 0;
  } finally {
    await db.end();
  }
}
