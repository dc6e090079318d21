import {
  AckPolicy,
  type ConsumerConfig,
  DeliverPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
} from "@nats-io/jetstream";
import { nanos } from "@nats-io/nats-core";
import type { Bus } from "./connection";

/** "consumer already exists" (servers >= 2.10 refuse a create that would change a consumer). */
const CONSUMER_EXISTS = 10148;

export type ConsumerFilter = Pick<ConsumerConfig, "filter_subject" | "filter_subjects">;

/**
 * Server-side filter for the subjects: one subject as `filter_subject` (any server), several as
 * `filter_subjects` (nats-server >= 2.10), else none at all, in which case the consumer skips other
 * subjects itself. Both keys are always present so an update replaces whatever filter was there.
 */
export function consumerFilter(
  subjects: readonly string[],
  serverVersion: string | undefined,
): ConsumerFilter {
  if (subjects.length === 1) return { filter_subject: subjects[0], filter_subjects: undefined };
  if (supportsMultipleFilters(serverVersion))
    return { filter_subject: undefined, filter_subjects: [...subjects] };
  return { filter_subject: undefined, filter_subjects: undefined };
}

export function supportsMultipleFilters(serverVersion: string | undefined): boolean {
  const match = /^v?(\d+)\.(\d+)/.exec(serverVersion ?? "");
  if (!match) return false;
  const major = Number(match[1]);
  const minor = Number(match[2]);
  return major > 2 || (major === 2 && minor >= 10);
}

export interface DurableTiming {
  /** Time to ack a delivery before the server redelivers it. */
  ackWaitMs: number;
  /** The server deletes the durable after this long without a pull request from any replica. */
  inactiveThresholdMs: number;
}

/**
 * Create the durable pull consumer, or bring an existing one to this configuration. A new durable starts
 * at the first message the stream still holds (`DeliverPolicy.All`). Deliveries are not capped by the
 * server (`max_deliver -1`): the consumer counts them and dead-letters itself, which the server's own cap
 * could not do. `inactive_threshold` makes durables nobody pulls from any more (the set of an older
 * release) disappear on their own.
 */
export async function ensureConsumer(
  bus: Bus,
  stream: string,
  durable: string,
  subjects: readonly string[],
  timing: DurableTiming,
): Promise<void> {
  const changeable = {
    ack_wait: nanos(timing.ackWaitMs),
    inactive_threshold: nanos(timing.inactiveThresholdMs),
    max_deliver: -1,
    ...consumerFilter(subjects, bus.nc.info?.version),
  };
  try {
    await bus.jsm.consumers.add(stream, {
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ...changeable,
    });
  } catch (error) {
    if (!(error instanceof JetStreamApiError) || error.code !== CONSUMER_EXISTS) throw error;
    await bus.jsm.consumers.update(stream, durable, changeable);
  }
}

/** Whether the server answered "consumer not found". */
export function isConsumerNotFound(error: unknown): boolean {
  return error instanceof JetStreamApiError && error.code === JetStreamApiCodes.ConsumerNotFound;
}

/**
 * Durables used to be named after the logical consumer alone and had no `inactive_threshold`. If one is
 * still there, give it one, so it is deleted once the last replica of the release that reads it is gone.
 * Updates from that release keep the threshold (an update changes only the fields it names).
 */
export async function expireLegacyDurable(
  bus: Bus,
  stream: string,
  logical: string,
  inactiveThresholdMs: number,
): Promise<void> {
  try {
    await bus.jsm.consumers.update(stream, logical, { inactive_threshold: nanos(inactiveThresholdMs) });
  } catch (error) {
    if (!isConsumerNotFound(error)) throw error;
  }
}
