import { DiscardPolicy, JetStreamApiError, RetentionPolicy, StorageType } from "@nats-io/jetstream";
import { nanos } from "@nats-io/nats-core";
import type { Bus } from "./connection";

/** Dedup window on `Nats-Msg-Id`: a relay republishing within it (crash before mark-sent) is dropped. */
export const DUPLICATE_WINDOW_MS = 120_000;

/** "stream name already in use with a different configuration". */
const STREAM_NAME_IN_USE = 10058;

/** Retention of a stream; defaults come from `bus.settings` (`BUS_STREAM_*`). */
export interface StreamLimits {
  replicas?: number;
  maxAgeMs?: number;
  maxBytes?: number;
}

/**
 * Create the stream, or bring an existing one to this configuration: subjects, dedup window, replicas
 * (`BUS_STREAM_REPLICAS`, 3 in a JetStream cluster), `max_age` (`BUS_STREAM_MAX_AGE`) and `max_bytes`
 * (`BUS_STREAM_MAX_BYTES`). The stream keeps every event until it is older than `max_age` or the stream
 * outgrows `max_bytes`, then drops the oldest (limits retention, discard old), whether or not consumers
 * read them; a consumer that needs older history rebuilds from a snapshot (see docs/events.md).
 * Idempotent and safe when several replicas start together: an identical `add` succeeds on the server,
 * and a racing or outdated one falls back to `update`.
 */
export async function ensureStream(
  bus: Bus,
  stream: { name: string; subjects: string[] },
  limits: StreamLimits = {},
): Promise<void> {
  if (stream.subjects.length === 0) throw new Error(`Stream ${stream.name} needs at least one subject`);
  const name = bus.streamName(stream.name);
  const config = {
    subjects: stream.subjects.map((s) => bus.subject(s)),
    duplicate_window: nanos(DUPLICATE_WINDOW_MS),
    num_replicas: limits.replicas ?? bus.settings.streamReplicas,
    max_age: nanos(limits.maxAgeMs ?? bus.settings.streamMaxAgeMs),
    max_bytes: limits.maxBytes ?? bus.settings.streamMaxBytes,
    discard: DiscardPolicy.Old,
  };
  try {
    await bus.jsm.streams.add({
      name,
      ...config,
      storage: StorageType.File,
      retention: RetentionPolicy.Limits,
    });
  } catch (error) {
    if (!(error instanceof JetStreamApiError) || error.code !== STREAM_NAME_IN_USE) throw error;
    await bus.jsm.streams.update(name, config);
  }
}
