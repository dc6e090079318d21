// @ts-check
/**
 * Mutation testing (`pnpm mutation`, not in CI: it takes tens of minutes): small deliberate bugs in the
 * guards (tokens, API keys, error mapping, control characters), in every service's domain rules and, where
 * the money is (issue 25), in the money rules and the use cases of listings, purchases and settlements,
 * each run against the unit tests. A surviving mutant is a rule no test defends. Scores: docs/testing.md.
 * Files that hold only type declarations (ports) or re-exports have nothing to mutate and are left out.
 * `STRYKER_CONCURRENCY` (default 2) keeps it polite on a shared machine.
 *
 * @type {import("@stryker-mutator/api/core").PartialStrykerOptions}
 */
export default {
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutation.config.ts" },
  plugins: ["@stryker-mutator/vitest-runner"],
  mutate: [
    "packages/auth/src/**/*.ts",
    "packages/errors/src/**/*.ts",
    "services/*/src/domain/**/*.ts",
    "packages/money/src/**/*.ts",
    "services/{listings,purchases,settlements}/src/{domain,application}/**/*.ts",
    "!**/*.test.ts",
    "!**/index.ts",
    "!services/*/src/application/ports.ts",
    "!services/settlements/src/application/{export,ledger,statements}.ports.ts",
    "!services/settlements/src/domain/{movement,statement}.ts",
    "!services/listings/src/application/guid.ts",
  ],
  ignorePatterns: [".tools", ".local", "reports", "coverage", "**/*.log"],
  coverageAnalysis: "perTest",
  concurrency: Number(process.env.STRYKER_CONCURRENCY ?? 2),
  timeoutMS: 20_000,
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: "reports/mutation/mutation.html" },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
};
