import { JetStreamApiError, RetentionPolicy, StorageType } from "@nats-io/jetstream";
import { nanos } from "@nats-io/nats-core";
import type { Bus } from "./connection";

/** Dedup window on `Nats-Msg-Id`: a relay republishing within it (crash before mark-sent) is dropped. */
export const DUPLICATE_WINDOW_MS = 120_000;

/** "stream name already in use with a different configuration". */
const STREAM_NAME_IN_USE = 10058;

/**
 * Create the stream, or update its subjects and dedup window when it exists with another configuration.
 * Idempotent and safe when several replicas start together: an identical `add` succeeds on the server,
 * and a racing or outdated one falls back to `update`.
 */
export async function ensureStream(bus: Bus, stream: { name: string; subjects: string[] }): Promise<void> {
  if (stream.subjects.length === 0) throw new Error(`Stream ${stream.name} needs at least one subject`);
  const name = bus.streamName(stream.name);
  const config = {
    subjects: stream.subjects.map((s) => bus.subject(s)),
    duplicate_window: nanos(DUPLICATE_WINDOW_MS),
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
