import type { ManagedChild } from "./child-process";
import { exitMessage, type Fleet } from "./fleet";
import { TARGETS, type Target } from "./targets";

/** How long the whole stack may take to be ready; services compile with tsx on a 2-core machine. */
export const READY_TIMEOUT_MS = 60_000;

const TAIL_SHOWN = 20;

/**
 * Resolves once every process's ops port answers `GET /readyz` with 200 (a service: PostgreSQL, NATS and
 * gRPC; the gateway: its database). Rejects early when a child exits or `signal`
 * aborts, and at the deadline naming each process that was not ready with its last answer (which checks
 * failed) and the last lines it printed.
 */
export async function waitUntilReady(input: {
  opsUrls: Record<Target, string>;
  fleet: Fleet;
  timeoutMs?: number;
  signal?: AbortSignal;
}): Promise<void> {
  const timeoutMs = input.timeoutMs ?? READY_TIMEOUT_MS;
  let crash: Awaited<Fleet["unexpectedExit"]> | undefined;
  input.fleet.unexpectedExit.then((exit) => {
    crash = exit;
  });
  const cancelled = () => Boolean(crash || input.signal?.aborted);
  const deadline = Date.now() + timeoutMs;
  const answers = await Promise.all(
    TARGETS.map(async (target) => {
      const last = await pollReadyz(`${input.opsUrls[target]}/readyz`, deadline, cancelled);
      return { target, last };
    }),
  );
  if (input.signal?.aborted) throw new Error("start-up interrupted");
  if (crash) throw new Error([exitMessage(crash.child.name, crash.exit), ...tailOf(crash.child)].join("\n"));
  const failing = answers.filter((answer) => answer.last !== undefined);
  if (failing.length === 0) return;
  const lines = [`not ready within ${timeoutMs / 1000} s:`];
  for (const { target, last } of failing)
    lines.push(`  ${target} (${input.opsUrls[target]}/readyz): ${last}`);
  // The gateway waits on its upstreams: when a service is not ready, it is the one to look at.
  const culprits = failing.length > 1 ? failing.filter((a) => a.target !== "gateway") : failing;
  for (const { target } of culprits) lines.push(...tailOf(input.fleet.children.get(target)));
  throw new Error(lines.join("\n"));
}

/** Polls until 200 (undefined), cancellation or the deadline (the last answer seen, for the message). */
async function pollReadyz(
  url: string,
  deadline: number,
  cancelled: () => boolean,
): Promise<string | undefined> {
  let last = "no answer";
  while (!cancelled()) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(3_000) });
      if (response.status === 200) return undefined;
      last = `${response.status} ${(await response.text()).slice(0, 500)}`;
    } catch (error) {
      last = `no answer (${String((error as Error).cause ?? (error as Error).message)})`;
    }
    if (Date.now() >= deadline) return last;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return last;
}

function tailOf(child: ManagedChild | undefined): string[] {
  if (!child) return [];
  const tail = child.tail().slice(-TAIL_SHOWN);
  if (tail.length === 0) return [`  (${child.name} printed nothing)`];
  return [`  --- last ${tail.length} lines of ${child.name} ---`, ...tail.map((line) => `  ${line}`)];
}
