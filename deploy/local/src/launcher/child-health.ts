import type { ManagedChild } from "./child-process";
import { exitMessage } from "./fleet";

/**
 * Resolves once the child's `GET {url}/health` answers 200; rejects with its last lines if it exits
 * first or `timeoutMs` passes (for the helper processes the launcher starts before the services).
 */
export async function waitForChildHealth(input: {
  child: ManagedChild;
  /** What the error calls it: "the Infuse-IoT simulator". */
  what: string;
  url: string;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
}): Promise<void> {
  const { child, url, signal } = input;
  let exit: Awaited<ManagedChild["exited"]> | undefined;
  child.exited.then((info) => {
    exit = info;
  });
  const deadline = Date.now() + input.timeoutMs;
  let last = "no answer";
  while (!exit && !signal?.aborted && Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(1_000) });
      if (response.status === 200) return;
      last = `${response.status}`;
    } catch (error) {
      last = `no answer (${(error as Error).message})`;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (signal?.aborted) throw new Error("start-up interrupted");
  const tail = child.tail().map((line) => `  ${line}`);
  const reason = exit
    ? exitMessage(child.name, exit)
    : `${input.what} did not answer 200 on ${url}/health within ${input.timeoutMs / 1000} s (last: ${last})`;
  throw new Error([reason, ...tail].join("\n"));
}
