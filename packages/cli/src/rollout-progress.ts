import { type EventSourceMessage, EventSourceParserStream } from "eventsource-parser/stream";
import type { Rollout, RolloutCounts, RolloutStatus } from "./rollout-api";

/** Device statuses after which a device's install is over. */
const FINISHED = new Set(["succeeded", "failed", "cancelled"]);

/** Where a rollout stands, folded from its progress events (docs/rollouts.md). */
export class RolloutProgress {
  status: RolloutStatus;
  counts: RolloutCounts;
  wave: number;
  waveCount: number;
  lastEventId = 0;
  private readonly devices = new Map<string, string>();

  constructor(rollout: Rollout) {
    this.status = rollout.status;
    this.counts = rollout.counts;
    this.wave = rollout.currentWave;
    this.waveCount = rollout.waveCount;
  }

  /** Devices that take part (the others are skipped). */
  get eligible(): number {
    return this.counts.total - this.counts.skipped;
  }

  /** Devices whose install is over, by the events seen, or by the last counts when those say more. */
  get finished(): number {
    const fromEvents = [...this.devices.values()].filter((s) => FINISHED.has(s)).length;
    const fromCounts = this.counts.succeeded + this.counts.failed + this.counts.cancelled;
    return Math.max(fromEvents, fromCounts);
  }

  get failed(): number {
    const fromEvents = [...this.devices.values()].filter((s) => s === "failed").length;
    return Math.max(fromEvents, this.counts.failed);
  }

  /** The rollout stopped moving on its own: completed, cancelled or paused. */
  get settled(): boolean {
    return this.status !== "running";
  }

  /** Apply one event; returns a line for people when the event is worth one (waves, status changes). */
  apply(message: EventSourceMessage): string | undefined {
    if (message.id) this.lastEventId = Number(message.id);
    let data: Record<string, unknown>;
    try {
      data = JSON.parse(message.data) as Record<string, unknown>;
    } catch {
      return undefined;
    }
    if (typeof data.status === "string" && message.event !== "device-updated") {
      this.status = data.status as RolloutStatus;
    }
    if (data.counts && typeof data.counts === "object") this.counts = data.counts as RolloutCounts;
    if (typeof data.waveCount === "number") this.waveCount = data.waveCount;
    switch (message.event) {
      case "wave-started":
        this.wave = Number(data.wave);
        return `wave ${this.wave} of ${this.waveCount} started`;
      case "device-updated":
        this.devices.set(String(data.deviceId), String(data.status));
        return data.status === "failed"
          ? `device ${String(data.deviceId)} failed${data.failureCode ? ` (${String(data.failureCode)})` : ""}`
          : undefined;
      case "rollout-paused":
        this.status = "paused";
        return "paused: failed installs exceeded the threshold";
      case "rollout-resumed":
        this.status = "running";
        return "resumed";
      case "rollout-cancelled":
        this.status = "cancelled";
        return "cancelled";
      case "rollout-completed":
        this.status = "completed";
        return "completed";
      default:
        return undefined;
    }
  }
}

/** The server-sent events of a response body (eventsource-parser), one message at a time. */
export async function* serverSentEvents(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<EventSourceMessage> {
  const messages = body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream());
  const reader = messages.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    // Leaving early (a pause) closes the connection; after the end it changes nothing.
    await reader.cancel().catch(() => {});
  }
}
