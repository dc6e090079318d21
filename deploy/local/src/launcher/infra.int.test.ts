import { ListBucketsCommand, S3Client } from "@aws-sdk/client-s3";
import { connect } from "@nats-io/transport-node";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { hostPort, isListening } from "../testing-infra";
import { type Infra, STACK_DATABASE, startInfra } from "./infra";
import { childPids } from "./proc";

function endpoints(infra: Infra): { host: string; port: number }[] {
  return [
    hostPort(infra.databaseUrl, 5432),
    hostPort(infra.natsUrl.replace(/^nats:/, "http:"), 4222),
    hostPort(infra.s3.endpoint, 80),
  ];
}

describe("startInfra, ephemeral, with nothing configured", () => {
  it("starts its own PostgreSQL, nats-server and S3, each answers, and stop() leaves nothing behind", async () => {
    const before = new Set(childPids());
    const infra = await startInfra({ env: {}, ephemeral: true });
    try {
      expect(infra.sources).toEqual({ postgres: "started", nats: "started", s3: "started" });
      const ports = endpoints(infra).map((e) => e.port);
      expect(ports).not.toContain(5432);
      expect(ports).not.toContain(4222);
      expect(new URL(infra.databaseUrl).pathname).toBe(`/${STACK_DATABASE}`);

      const client = new pg.Client({ connectionString: infra.databaseUrl });
      await client.connect();
      const { rows } = await client.query("SELECT 1 AS one, current_setting('server_encoding') AS encoding");
      await client.end();
      expect(rows[0]).toEqual({ one: 1, encoding: "UTF8" });

      const nc = await connect({ servers: infra.natsUrl });
      const info = (await nc.request("$JS.API.INFO", "", { timeout: 2_000 })).json<{ error?: unknown }>();
      await nc.close();
      expect(info.error).toBeUndefined();

      const s3 = new S3Client({
        endpoint: infra.s3.endpoint,
        region: infra.s3.region,
        forcePathStyle: true,
        credentials: { accessKeyId: infra.s3.accessKeyId, secretAccessKey: infra.s3.secretAccessKey },
      });
      const buckets = await s3.send(new ListBucketsCommand({}));
      s3.destroy();
      expect(buckets.Buckets?.map((b) => b.Name)).toContain(infra.s3.bucket);
    } finally {
      await Promise.all([infra.stop(), infra.stop()]);
    }
    for (const { host, port } of endpoints(infra)) expect(await isListening(host, port)).toBe(false);
    expect(childPids().filter((pid) => !before.has(pid))).toEqual([]);
  });
});
