import { SERVICE_NAMES, type ServiceName } from "@mp/config";
import type { ManagedChild } from "./child-process";
import { exitMessage, type Fleet } from "./fleet";
import { checkGrpcHealth } from "./grpc-health";

/** How long the whole stack may take to answer /readyz; services compile with tsx on a 2-core machine. */
export const READY_TIMEOUT_MS = 60_000;

const TAIL_SHOWN = 20;

/**
 * Resolves once `GET /readyz` answers 200 (the gateway says so only when every upstream's health check
 * answers). Rejects early when a child exits or `signal` aborts, and at the deadline with which upstreams
 * were not ready and the last lines of the processes at fault.
 */
export async function waitUntilReady(input: {
  gatewayUrl: string;
  fleet: Fleet;
  grpcAddresses: Record<ServiceName, string>;
  timeoutMs?: number;
  signal?: AbortSignal;
}): Promise<void> {
  const timeoutMs = input.timeoutMs ?? READY_TIMEOUT_MS;
  let crash: Awaited<Fleet["unexpectedExit"]> | undefined;
  input.fleet.unexpectedExit.then((exit) => {
    crash = exit;
  });
  const lastAnswer = await pollReadyz(`${input.gatewayUrl}/readyz`, Date.now() + timeoutMs, () =>
    Boolean(crash || input.signal?.aborted),
  );
  if (input.signal?.aborted) throw new Error("start-up interrupted");
  if (crash) throw new Error([exitMessage(crash.child.name, crash.exit), ...tailOf(crash.child)].join("\n"));
  if (lastAnswer === undefined) return;
  const answers = await Promise.all(
    SERVICE_NAMES.map(async (name) => ({ name, ...(await checkGrpcHealth(input.grpcAddresses[name])) })),
  );
  const failing = answers.filter((answer) => !answer.serving);
  const lines = [
    `the gateway did not answer 200 on ${input.gatewayUrl}/readyz within ${timeoutMs / 1000} s`,
    `  last answer: ${lastAnswer}`,
    failing.length === 0
      ? "  every upstream answers its health check: the gateway itself is at fault"
      : `  upstreams not ready: ${failing.map((a) => `${a.name} at ${input.grpcAddresses[a.name]} (${a.detail})`).join(", ")}`,
  ];
  const culprits = failing.length === 0 ? ["gateway" as const] : failing.map((a) => a.name);
  for (const name of culprits) lines.push(...tailOf(input.fleet.children.get(name)));
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
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
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
