import type { TestProject } from "vitest/node";
import { keepFailingExitCode } from "./exit-code";
import { findOrStartNats } from "./nats";
import { findOrStartPostgres } from "./postgres";
import { findOrStartS3 } from "./s3";

declare module "vitest" {
  export interface ProvidedContext {
    infra: { databaseUrl: string; natsUrl: string; s3: import("./s3").S3Endpoint };
  }
}

/**
 * Runs once per test run: finds (or starts) PostgreSQL, NATS JetStream and an S3-compatible store and
 * hands their addresses to every test file. Each file then takes its own database and bus namespace.
 */
export default async function setup(project: TestProject) {
  keepFailingExitCode();
  const log = (m: string) => console.error(`[testing] ${m}`);
  const [pg, nats, s3] = await Promise.all([
    findOrStartPostgres({ log }),
    findOrStartNats(),
    findOrStartS3(),
  ]);
  log(`postgres: ${pg.source}, nats: ${nats.source} (${nats.url}), s3: ${s3.source} (${s3.url})`);
  project.provide("infra", { databaseUrl: pg.url, natsUrl: nats.url, s3: s3.s3 });
  return async () => {
    await Promise.allSettled([pg.stop(), nats.stop(), s3.stop()]);
  };
}
