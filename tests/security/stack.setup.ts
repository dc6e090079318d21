import type { EventEmitter } from "node:events";
import { appendFileSync } from "node:fs";
import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type LocalStack, RATE_LIMITS_OUT_OF_REACH, startLocalStack } from "@mp/local/stack";
import type { TestProject } from "vitest/node";
import { type SecurityStack, TEST_ORGANISATIONS, type TokenName } from "./support/security-stack";

const LAST_LOG = join(tmpdir(), "mp-security-stack.log");
const ALL_ROLES = ["developer", "provider", "admin"] as const;
/** Long enough for the slowest run of the whole project (a long fuzz included). */
const TOKEN_TTL_SECONDS = 6 * 3600;
/** Budgets no test can spend: the suites send tens of thousands of requests in a few minutes. */

/**
 * One launched stack for the whole security project (starting one costs more than most files take), the
 * way `pnpm start --ephemeral` runs it, except that its object store is an s3rver started here whose
 * every event (put, copy, delete) is appended to a file the upload tests read: that is how they prove a
 * rejected upload was never copied. Test files get addresses and pre-signed tokens through `inject`.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), "mp-security-"));
  const s3EventsFile = join(dir, "s3-events.jsonl");
  const logFile = join(dir, "stack.log");
  // Loaded through Node rather than vite: vite-node cannot resolve this package from a global setup file.
  const S3rver = createRequire(import.meta.url)("s3rver") as typeof import("s3rver").default;
  const s3rver = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: join(dir, "s3") });
  // s3rver is a Koa application, so an EventEmitter; its type declaration leaves that out.
  (s3rver as unknown as EventEmitter).on("event", (event: unknown) =>
    appendFileSync(s3EventsFile, `${JSON.stringify(event)}\n`),
  );
  const { port: s3Port } = await s3rver.run();
  let stack: LocalStack | undefined;
  try {
    stack = await startLocalStack({
      ephemeral: true,
      env: {
        NODE_ENV: "development",
        DATABASE_URL: undefined,
        NATS_URL: undefined,
        INFUSE_API_URL: undefined,
        S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
        S3_ACCESS_KEY_ID: "S3RVER",
        S3_SECRET_ACCESS_KEY: "S3RVER",
        S3_BUCKET: "marketplace",
        S3_REGION: "us-east-1",
        LOG_LEVEL: "warn",
        LOCAL_STACK_BUILD: "compiled",
        ...RATE_LIMITS_OUT_OF_REACH,
      },
      log: (line) => appendFileSync(logFile, `${line}\n`),
    });
  } catch (error) {
    await s3rver.close();
    console.error(`[security] the stack did not start; its log: ${logFile}`);
    throw error;
  }
  const started = stack;
  type Extra = {
    audience?: string;
    issuedAt?: number;
    ttlSeconds?: number;
    sub?: string;
    roles?: ("developer" | "provider" | "admin")[];
  };
  const sign = (org: string, extra: Extra = {}) =>
    started.signToken({
      org,
      roles: ALL_ROLES,
      sub: `security-${org.slice(-4)}`,
      ttlSeconds: TOKEN_TTL_SECONDS,
      ...extra,
    });
  const tokens: Record<TokenName, string> = {
    a: await sign(TEST_ORGANISATIONS.a),
    b: await sign(TEST_ORGANISATIONS.b),
    bNonAdmin: await sign(TEST_ORGANISATIONS.b, {
      sub: "security-b-member",
      roles: ["developer", "provider"],
    }),
    aDeveloper: await sign(TEST_ORGANISATIONS.a, { sub: "security-a-developer", roles: ["developer"] }),
    expired: await sign(TEST_ORGANISATIONS.b, {
      issuedAt: Math.floor(Date.now() / 1000) - 7200,
      ttlSeconds: 60,
    }),
    wrongAudience: await sign(TEST_ORGANISATIONS.b, { audience: "someone-else" }),
    operator: await sign(TEST_ORGANISATIONS.operator, { sub: "security-operator", roles: ["admin"] }),
  };
  const security: SecurityStack = {
    gatewayUrl: started.gatewayUrl,
    simulatorUrl: started.simulatorUrl ?? "",
    databaseUrl: started.databaseUrl,
    s3: started.s3,
    s3EventsFile,
    logFile,
    tokens,
    stripeWebhookSecret: started.stripeWebhookSecret,
  };
  project.provide("security", security);
  console.error(`[security] stack up at ${started.gatewayUrl}; its log: ${logFile}`);
  return async () => {
    await started.stop();
    await s3rver.close();
    // The log outlives the run, for whoever reads a failure afterwards.
    await copyFile(logFile, LAST_LOG).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
    console.error(`[security] the stack's log: ${LAST_LOG}`);
  };
}
