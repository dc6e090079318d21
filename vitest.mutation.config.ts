import { defineConfig } from "vitest/config";

/**
 * The unit tests only, as one flat project, for StrykerJS (`pnpm mutation`): its vitest runner reruns
 * the tests that cover each mutant thousands of times, so it gets the fast, pure suite and never the
 * integration or end-to-end projects that need PostgreSQL, NATS or a launched stack.
 */
export default defineConfig({
  test: {
    include: ["{packages,services,gateway,deploy}/**/*.test.ts"],
    exclude: ["**/node_modules/**", "**/*.int.test.ts"],
    // Instrumented code with per-test coverage runs several times slower: the property tests (10,000
    // runs each, packages/money) went past vitest's default 5 s in the initial run on a loaded machine.
    testTimeout: 30_000,
  },
});
