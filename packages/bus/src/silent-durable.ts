import { JetStreamError } from "@nats-io/jetstream";
import type { Bus } from "./connection";
import { type DurableTiming, ensureConsumer, isConsumerNotFound } from "./consumer-config";

/** Pull requests in a row that got no answer at all (no message, no heartbeat) before the durable is rebuilt. */
export const SILENT_PULLS_BEFORE_REBUILD = 5;

/** Whether a pull failed because the server sent nothing for it, not even its idle heartbeats. */
export function isSilentPull(error: unknown): boolean {
  return error instanceof JetStreamError && error.message === "heartbeats missed";
}

/**
 * Counts pull requests in a row that the server left unanswered while the durable itself answers the API
 * (it exists, `consumers.get` works). Seen in CI on nats-server 2.9.10: a fresh stack's durable that
 * never delivered and never sent a heartbeat for two minutes, every pull in a row, while its service's
 * other durable worked. Any answered pull starts the count again.
 */
export class SilentPullWatch {
  private silent = 0;
  constructor(private readonly threshold = SILENT_PULLS_BEFORE_REBUILD) {}

  answered(): void {
    this.silent = 0;
  }

  /** Records a failed pull; true once `threshold` in a row were silent (and the count starts again). */
  failed(error: unknown): boolean {
    if (!isSilentPull(error)) {
      this.silent = 0;
      return false;
    }
    this.silent++;
    if (this.silent < this.threshold) return false;
    this.silent = 0;
    return true;
  }
}

/**
 * Delete the durable and create it again, as `ensureConsumer` creates one: it then reads the stream from
 * its start, and the inbox makes the events already applied no-ops (as after the replay command). A
 * replica of the same release pulling from it meanwhile fails one pull and goes on with the new one.
 */
export async function rebuildDurable(
  bus: Bus,
  stream: string,
  durable: string,
  subjects: readonly string[],
  timing: DurableTiming,
): Promise<void> {
  try {
    await bus.jsm.consumers.delete(stream, durable);
  } catch (error) {
    if (!isConsumerNotFound(error)) throw error;
  }
  await ensureConsumer(bus, stream, durable, subjects, timing);
}
