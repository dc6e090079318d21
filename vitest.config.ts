import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

/**
 * One configuration, four projects. Unit tests are pure and fast; integration, end-to-end and security
 * tests talk to real PostgreSQL, NATS JetStream and object storage found (or started) by `@mp/testing`, so
 * they get longer timeouts. The security suite attacks a launched stack from outside (forged credentials,
 * hostile input) and proves each refusal; its global setup starts one stack its generated suites share
 * (BOLA matrix, control characters, fuzz: tens of thousands of requests), and the fuzz runs operations side
 * by side.
 *
 * How the run is laid out on a 2-core machine (docs/testing.md): `scripts/test.sh` starts the unit project
 * beside the static checks, its files in one fork, one after another on the same modules (`isolate:
 * false`: a fresh fork and module graph per file cost four times the CPU of the unit tests themselves, so
 * a unit file must not rely on a module's state being fresh). Once the checks have passed, one run of the
 * other three starts, where vitest runs each pool's files side by side with the other pools'. Integration files run
 * in the forks pool, `WORKERS` files at once (they mostly wait on PostgreSQL and NATS), each in a fresh
 * fork; the security files follow in one fork. The e2e files, each launching a whole stack, run one
 * after another in one worker thread of their own pool, so they run alongside the others from the start
 * instead of after them, never two stacks at once.
 */
const WORKERS = Math.max(2, availableParallelism() - 1);

export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          poolOptions: { forks: { singleFork: true, isolate: false } },
          include: ["{packages,services,gateway,deploy,bench,apps}/**/*.test.ts"],
          exclude: ["**/node_modules/**", "**/*.int.test.ts"],
          // Not vitest's 5 s: beside the integration files and an e2e stack, a unit test that builds the
          // gateway (its OpenAPI document included) has taken 13 s on a 2-core machine. Unit tests assert
          // what happens, never how fast; the timeout only stops one that hangs.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["{packages,services,gateway,deploy}/**/*.int.test.ts"],
          exclude: ["**/node_modules/**"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ["packages/testing/src/global-setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          exclude: ["**/node_modules/**"],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          globalSetup: ["packages/testing/src/global-setup.ts"],
          pool: "threads",
          poolOptions: { threads: { singleThread: true } },
        },
      },
      {
        extends: true,
        test: {
          name: "security",
          include: ["tests/security/**/*.test.ts"],
          exclude: ["**/node_modules/**"],
          testTimeout: 300_000,
          hookTimeout: 180_000,
          globalSetup: ["packages/testing/src/global-setup.ts", "tests/security/stack.setup.ts"],
          maxConcurrency: 8,
          poolOptions: { forks: { singleFork: true } },
        },
      },
    ],
  },
});
