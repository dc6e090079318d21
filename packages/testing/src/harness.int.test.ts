import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { freshInfra, type TestInfra } from "./fresh";
import { findOrStartPostgres } from "./postgres";

const opened: TestInfra[] = [];
afterAll(async () => {
  await Promise.all(opened.map((infra) => infra.cleanup()));
});

async function databaseOf(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ db: string }>("SELECT current_database() AS db");
    return rows[0]!.db;
  } finally {
    await client.end();
  }
}

describe("freshInfra", () => {
  it("gives every caller its own database and bus namespace, and drops the database on cleanup", async () => {
    const [a, b] = await Promise.all([freshInfra("iso"), freshInfra("iso")]);
    opened.push(a!, b!);
    expect(a!.databaseUrl).not.toBe(b!.databaseUrl);
    expect(a!.busNamespace).not.toBe(b!.busNamespace);
    expect(a!.busNamespace).toMatch(/^t[0-9a-f]+\.$/);
    const name = await databaseOf(a!.databaseUrl);
    expect(name).toMatch(/^iso_[0-9a-f]{8}$/);

    await a!.cleanup();
    opened.shift();
    await expect(databaseOf(a!.databaseUrl)).rejects.toThrow(/does not exist/);
  });
});

describe("findOrStartPostgres", () => {
  it("refuses a DATABASE_URL nothing listens at instead of silently using something else", async () => {
    const saved = process.env.DATABASE_URL;
    process.env.DATABASE_URL = "postgres://postgres@127.0.0.1:1/none";
    try {
      await expect(findOrStartPostgres()).rejects.toThrow(/DATABASE_URL is set but nothing listens/);
    } finally {
      if (saved === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = saved;
    }
  });
});
