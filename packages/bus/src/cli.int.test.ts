import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newEvent } from "./envelope";
import { type BusFixture, busFixture, SCHEMA } from "./test-fixture";

const run = promisify(execFile);
const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

let fx: BusFixture;

beforeAll(async () => {
  fx = await busFixture("bus_cli");
});
afterAll(async () => {
  await fx?.cleanup();
});

/** `pnpm bus …` as an operator runs it, against this file's database (the fixture's schema is `svc`). */
async function bus(...args: string[]): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    ["--import", "tsx", "packages/bus/src/cli/main.ts", ...args],
    {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        DATABASE_URL: fx.infra.databaseUrl,
        NATS_URL: fx.infra.natsUrl,
        BUS_NAMESPACE: "",
      },
    },
  );
  return stdout;
}

describe("pnpm bus", () => {
  it("lists and unparks parked outbox rows, and lists dead letters", async () => {
    const event = newEvent("cli.thing.happened.v1", "cli", {});
    const { rows } = await fx.pool.query<{ seq: string }>(
      `INSERT INTO outbox (event_id, event_type, payload, attempts, last_error, parked_at)
       VALUES ($1, $2, $3, 10, 'no stream', now()) RETURNING seq`,
      [event.id, event.type, JSON.stringify(event)],
    );
    await fx.pool.query(
      `INSERT INTO dead_letters (consumer, event_id, subject, payload, error, attempts)
       VALUES ('cli-consumer', $1, 'cli.thing.happened.v1', '{}', 'handler broke', 5)`,
      [event.id],
    );

    const parked = await bus("outbox", "parked", SCHEMA);
    expect(parked).toContain(rows[0]?.seq);
    expect(parked).toContain(event.id);
    expect(parked).toContain("no stream");
    expect(await bus("dead-letters", "list", SCHEMA, "--consumer", "cli-consumer")).toMatch(
      /cli-consumer\tcli\.thing\.happened\.v1\t.*attempts 5[\s\S]*handler broke/,
    );

    expect(await bus("outbox", "unpark", SCHEMA, "--all")).toContain("1 row(s) unparked");
    const { rows: after } = await fx.pool.query(
      "SELECT attempts, parked_at FROM outbox WHERE event_id = $1",
      [event.id],
    );
    expect(after[0]).toEqual({ attempts: 0, parked_at: null });
    await expect(bus("outbox", "unpark", SCHEMA)).rejects.toMatchObject({ code: 2 });
  });
});
