import { type Bus, connectBus, ensureStream, isPermissionDenied, redactNatsUrl } from "@mp/bus";
import type { Logger } from "@mp/logger";
import { retryUntil, StartupInterrupted, unlessAborted } from "./waiting";

/**
 * Connect to NATS, waiting as long as it takes (the service stays live meanwhile and says so in its log):
 * a NATS outage at start-up delays readiness instead of crash-looping the pod.
 */
export async function connectBusPatiently(options: {
  connect: Parameters<typeof connectBus>[0];
  logger: Logger;
  signal?: AbortSignal;
}): Promise<Bus> {
  const { logger, signal } = options;
  const url = redactNatsUrl(options.connect.url);
  const nagging = setInterval(() => logger.warn({ url }, "still waiting for NATS"), 15_000);
  nagging.unref();
  try {
    logger.info({ url }, "connecting to NATS");
    return await retryUntil(
      async () => {
        // connectBus waits for the first connection by itself; it throws only on other failures
        // (JetStream not enabled yet, a refused account), which are retried here.
        const connecting = connectBus(options.connect);
        try {
          return await unlessAborted(connecting, signal);
        } catch (error) {
          if (error instanceof StartupInterrupted)
            void connecting.then(
              (bus) => bus.close(),
              () => {},
            );
          throw error;
        }
      },
      {
        signal,
        onWait: (reason) =>
          logger.warn({ reason: messageOf(reason), url }, "NATS connection failed; retrying"),
      },
    );
  } finally {
    clearInterval(nagging);
  }
}

/**
 * Create or update `streams` in the background, retrying each failure (JetStream without quorum, a
 * cluster still forming) with a growing pause until it succeeds or `stop` is called. Consumers do not
 * wait for it: they retry their own setup until their stream exists. A stream in `borrowed` (another
 * service's, which this one reads) is created too where NATS allows it (development, tests); where its
 * user may not (the deployed permissions), that refusal ends the attempt: the owner creates it.
 */
export function ensureStreamsInBackground(options: {
  bus: Bus;
  streams: { name: string; subjects: readonly string[] }[];
  borrowed?: { name: string; subjects: readonly string[] }[];
  logger: Logger;
}): { done: Promise<void>; stop(): Promise<void> } {
  const controller = new AbortController();
  const borrowed = new Set((options.borrowed ?? []).map((s) => s.name));
  const done = (async () => {
    for (const stream of [...options.streams, ...(options.borrowed ?? [])]) {
      await retryUntil(
        async () => {
          try {
            await ensureStream(options.bus, { name: stream.name, subjects: [...stream.subjects] });
          } catch (error) {
            if (!borrowed.has(stream.name) || !isPermissionDenied(error)) throw error;
            options.logger.info(
              { stream: stream.name },
              "not permitted to create a stream it reads; its owner does",
            );
          }
          return true;
        },
        {
          signal: controller.signal,
          onWait: (reason, attempt) =>
            options.logger.warn(
              { reason: messageOf(reason), stream: stream.name, attempt },
              "could not ensure stream; retrying",
            ),
        },
      ).catch((error: unknown) => {
        if (!(error instanceof StartupInterrupted)) throw error;
      });
    }
  })();
  return {
    done,
    stop: async () => {
      controller.abort();
      await done.catch(() => {});
    },
  };
}

/** An expected start-up failure is logged by its message: its stack says nothing a reader needs. */
function messageOf(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason);
}
