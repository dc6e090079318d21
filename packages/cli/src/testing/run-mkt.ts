import type { Io } from "../context";
import type { ExitCode } from "../exit-codes";
import { runCli } from "../program";

/** Runs `mkt` in-process with `fetch` standing in for the gateway (no network), capturing what it printed. */
export async function runMkt(
  argv: readonly string[],
  env: Io["env"],
  fetch: NonNullable<Io["fetch"]>,
): Promise<{ code: ExitCode; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const code = await runCli(argv, {
    env,
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    fetch,
  });
  return { code, stdout, stderr };
}

/** An answer of the fake gateway: `body` as JSON (a problem with `type` application/problem+json). */
export function json(body: unknown, status = 200, type = "application/json"): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": type } });
}
