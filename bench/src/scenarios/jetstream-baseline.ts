import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager, StorageType } from "@nats-io/jetstream";
import { connect } from "@nats-io/transport-node";
import { type OpenLoopResult, runOpenLoop } from "../load/open-loop";

const STREAM = "BENCH_LATENCY";
const SUBJECT = "bench.latency";

/** How reports name this baseline. */
export const JETSTREAM = "bare JetStream publish -> consume";

/**
 * The floor under any event's propagation: a bare JetStream publish (file storage, acknowledged) consumed
 * by a durable pull consumer with explicit acks, at `rate` per second. Latency runs from the scheduled
 * publish to the consumer holding the message. The stream is removed afterwards.
 */
export async function jetStreamBaseline(
  natsUrl: string,
  options: { rate: number; durationMs: number; warmupMs: number },
): Promise<OpenLoopResult> {
  const nc = await connect({ servers: natsUrl });
  const jsm = await jetstreamManager(nc);
  await jsm.streams.delete(STREAM).catch(() => undefined);
  await jsm.streams.add({ name: STREAM, subjects: [SUBJECT], storage: StorageType.File });
  await jsm.consumers.add(STREAM, {
    durable_name: "bench",
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
  });
  const js = jetstream(nc);
  const waiting = new Map<number, () => void>();
  const messages = await (await js.consumers.get(STREAM, "bench")).consume();
  const reading = (async () => {
    for await (const message of messages) {
      waiting.get(Number(message.string()))?.();
      message.ack();
    }
  })();
  try {
    return await runOpenLoop({
      ...options,
      operation: (index) =>
        new Promise<void>((resolve, reject) => {
          waiting.set(index, () => {
            waiting.delete(index);
            resolve();
          });
          js.publish(SUBJECT, String(index)).catch(reject);
        }),
    });
  } finally {
    messages.stop();
    await reading.catch(() => undefined);
    await jsm.streams.delete(STREAM).catch(() => undefined);
    await nc.close();
  }
}
