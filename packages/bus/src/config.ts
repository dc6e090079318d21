import { z } from "zod";

const DURATION = /^(\d+)(ms|s|m|h|d)$/;
const SIZE = /^(\d+)(B|KiB|MiB|GiB|TiB)?$/;
const DURATION_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const SIZE_BYTES = { B: 1, KiB: 1024, MiB: 1024 ** 2, GiB: 1024 ** 3, TiB: 1024 ** 4 } as const;

/** `30d`, `12h`, `15m`, `45s`, `500ms` -> milliseconds. */
export function parseDuration(text: string): number {
  const match = DURATION.exec(text);
  if (!match?.[1] || !match[2])
    throw new Error(`"${text}" is not a duration like 30d, 12h, 15m, 45s or 500ms`);
  return Number(match[1]) * DURATION_MS[match[2] as keyof typeof DURATION_MS];
}

/** `1048576`, `896KiB`, `10GiB` -> bytes. */
export function parseSize(text: string): number {
  const match = SIZE.exec(text);
  if (!match?.[1]) throw new Error(`"${text}" is not a size like 1048576, 896KiB or 10GiB`);
  return Number(match[1]) * SIZE_BYTES[(match[2] ?? "B") as keyof typeof SIZE_BYTES];
}

/** 896 KiB: NATS's default `max_payload` is 1 MiB, and the trace headers travel in the same message. */
export const DEFAULT_MAX_EVENT_BYTES = 896 * 1024;

const duration = (fallback: string, min = 1) =>
  z
    .string()
    .regex(DURATION, "must be a duration like 30d, 12h, 15m, 45s or 500ms")
    .optional()
    .transform((value) => parseDuration(value ?? fallback))
    .refine((ms) => ms >= min, `must be at least ${min} ms`);

const size = (fallback: string, min = 1) =>
  z
    .string()
    .regex(SIZE, "must be a size like 1048576, 896KiB or 10GiB")
    .optional()
    .transform((value) => parseSize(value ?? fallback))
    .refine((bytes) => bytes >= min, `must be at least ${min} bytes`);

/**
 * The bus's environment keys, to merge into a service's configuration schema (`schema.extend(busEnv)`), so
 * a bad value is reported at boot with every other bad key. Durations and sizes are read as text with a
 * unit (`30d`, `10GiB`) and come out as milliseconds and bytes.
 */
export const busEnv = {
  /** Copies of every stream in a JetStream cluster (3 in Kubernetes; 1 on a single server). */
  BUS_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  /** Events older than this leave the stream (history a new consumer can replay). */
  BUS_STREAM_MAX_AGE: duration("30d", 60_000),
  /**
   * Size cap of each stream; the oldest events go first when it is reached. Unset: no cap, `max_age`
   * alone bounds the stream. JetStream reserves the cap in its storage when the stream is created, so
   * set it where the volume is sized for every stream's cap (Kubernetes), not on a shared dev server.
   */
  BUS_STREAM_MAX_BYTES: z
    .string()
    .regex(SIZE, "must be a size like 1048576, 896KiB or 10GiB")
    .optional()
    .transform((value) => (value === undefined ? -1 : parseSize(value)))
    .refine((bytes) => bytes === -1 || bytes >= 1024 * 1024, "must be at least 1MiB"),
  /** Largest serialised event `appendToOutbox` accepts; a margin under NATS's default 1 MiB `max_payload`. */
  BUS_MAX_EVENT_BYTES: size(`${DEFAULT_MAX_EVENT_BYTES}`, 1024),
  /** Failed publishes of one outbox row before it is parked and later rows go ahead. */
  BUS_OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(1000).default(10),
  /**
   * How long a row's publishes must have been failing, besides `BUS_OUTBOX_MAX_ATTEMPTS`, before it is
   * parked: JetStream answers "not enabled" both for a subject without a stream (the row's fault) and for a
   * node whose JetStream is still starting (nobody's), so only failures that last are the row's.
   */
  BUS_OUTBOX_PARK_AFTER: duration("10m", 0),
  /**
   * The least time between the starts of two relay passes (0: a pass as soon as a commit notifies): under
   * a steady stream of commits one pass then relays several rows, for fewer statements and messages.
   */
  BUS_OUTBOX_GATHER: duration("0ms", 0),
  /** How long sent outbox rows are kept (for inspection) before pruning. */
  BUS_OUTBOX_RETENTION: duration("7d", 60_000),
  /** How long inbox rows are kept; at least BUS_STREAM_MAX_AGE (default: that plus one day). */
  BUS_INBOX_RETENTION: z
    .string()
    .regex(DURATION, "must be a duration like 30d, 12h, 15m, 45s or 500ms")
    .optional()
    .transform((value) => (value === undefined ? undefined : parseDuration(value))),
  /** How long dead letters are kept before pruning. */
  BUS_DEAD_LETTER_RETENTION: duration("30d", 60_000),
  /**
   * Time a consumer has to ack a delivery before JetStream redelivers it. Heartbeats extend it while a
   * replica holds the message, so it bounds only how long a dead replica's messages wait for another.
   */
  BUS_CONSUMER_ACK_WAIT: duration("10s", 1_000),
  /** A durable no replica pulled from for this long is deleted by the server (old subscription sets). */
  BUS_CONSUMER_INACTIVE_THRESHOLD: duration("7d", 60_000),
};

export type BusEnv = z.output<z.ZodObject<typeof busEnv>>;

/** Everything the bus reads from configuration, in milliseconds and bytes. */
export interface BusSettings {
  streamReplicas: number;
  streamMaxAgeMs: number;
  /** -1: no cap. */
  streamMaxBytes: number;
  maxEventBytes: number;
  outboxMaxAttempts: number;
  /** Least time a row's publishes fail before it is parked. */
  outboxParkAfterMs: number;
  /** Least time between the starts of two relay passes. */
  outboxGatherMs: number;
  outboxRetentionMs: number;
  inboxRetentionMs: number;
  deadLetterRetentionMs: number;
  ackWaitMs: number;
  inactiveThresholdMs: number;
}

const ONE_DAY_MS = 86_400_000;

/**
 * Settings from parsed bus keys. The inbox must remember an event for as long as the stream can deliver
 * it again: a new durable (changed subscription set, replay command, durable expired by inactivity) reads
 * the whole stream, and only the inbox tells a redelivered event from a new one. A shorter inbox window is
 * refused.
 */
export function busSettings(env: BusEnv): BusSettings {
  const inboxRetentionMs = env.BUS_INBOX_RETENTION ?? env.BUS_STREAM_MAX_AGE + ONE_DAY_MS;
  if (inboxRetentionMs < env.BUS_STREAM_MAX_AGE) {
    throw new Error(
      "Invalid configuration:\n  - BUS_INBOX_RETENTION: must be at least BUS_STREAM_MAX_AGE (a replay redelivers the whole stream)",
    );
  }
  return {
    streamReplicas: env.BUS_STREAM_REPLICAS,
    streamMaxAgeMs: env.BUS_STREAM_MAX_AGE,
    streamMaxBytes: env.BUS_STREAM_MAX_BYTES,
    maxEventBytes: env.BUS_MAX_EVENT_BYTES,
    outboxMaxAttempts: env.BUS_OUTBOX_MAX_ATTEMPTS,
    outboxParkAfterMs: env.BUS_OUTBOX_PARK_AFTER,
    outboxGatherMs: env.BUS_OUTBOX_GATHER,
    outboxRetentionMs: env.BUS_OUTBOX_RETENTION,
    inboxRetentionMs,
    deadLetterRetentionMs: env.BUS_DEAD_LETTER_RETENTION,
    ackWaitMs: env.BUS_CONSUMER_ACK_WAIT,
    inactiveThresholdMs: env.BUS_CONSUMER_INACTIVE_THRESHOLD,
  };
}

/** The settings of an empty environment. */
export function defaultBusSettings(): BusSettings {
  return busSettings(z.object(busEnv).parse({}));
}
