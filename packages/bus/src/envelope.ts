import { v7 as uuidv7 } from "uuid";
import { type ZodType, z } from "zod";

/**
 * What travels on the bus (contract section 7). `id` is a UUIDv7, so ids sort by creation time and double
 * as the JetStream `Nats-Msg-Id` and the inbox key; `data` carries the state consumers need, never just a
 * reference to call back for.
 */
export interface EventEnvelope<T = unknown> {
  id: string;
  /** The un-namespaced subject, e.g. `publishing.item.published.v1`. */
  type: string;
  /** The publishing service. */
  source: string;
  /** ISO 8601 with milliseconds and `Z`. */
  occurredAt: string;
  data: T;
}

/** Build an envelope with a fresh UUIDv7 id; `occurredAt` defaults to now. */
export function newEvent<T>(
  type: string,
  source: string,
  data: T,
  occurredAt: Date = new Date(),
): EventEnvelope<T> {
  if (type.length === 0) throw new Error("Event type must not be empty");
  if (source.length === 0) throw new Error("Event source must not be empty");
  return { id: uuidv7(), type, source, occurredAt: occurredAt.toISOString(), data };
}

/** Raised for a message that can never be handled, whatever the number of retries. */
export class UnparsableEventError extends Error {
  override readonly name = "UnparsableEventError";
}

const envelopeShape = {
  id: z.uuid(),
  type: z.string().min(1),
  source: z.string().min(1),
  occurredAt: z.iso.datetime(),
};

const anyEnvelope = z.object({ ...envelopeShape, data: z.unknown() });
/**
 * The envelope schema around each data schema, built once: zod compiles an object schema on its first
 * parse, so a schema built per message was compiled again for every message (it showed in the consumers'
 * profiles under load). Keyed weakly, so a schema no consumer holds any more is not kept.
 */
const envelopes = new WeakMap<ZodType, ZodType>();
function envelopeSchema(schema: ZodType | undefined): ZodType {
  if (!schema) return anyEnvelope;
  let envelope = envelopes.get(schema);
  if (!envelope) {
    envelope = z.object({ ...envelopeShape, data: schema });
    envelopes.set(schema, envelope);
  }
  return envelope;
}

/**
 * Parse a message body into an envelope, validating `data` with `schema` when given. Any failure is an
 * {@link UnparsableEventError}: redelivering the same bytes cannot succeed, so callers dead-letter at once.
 */
export function parseEnvelope<T = unknown>(body: string, schema?: ZodType<T>): EventEnvelope<T> {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (error) {
    throw new UnparsableEventError(`Message body is not JSON: ${(error as Error).message}`);
  }
  const envelope = envelopeSchema(schema).safeParse(json);
  if (!envelope.success) {
    throw new UnparsableEventError(`Invalid event envelope: ${z.prettifyError(envelope.error)}`);
  }
  return envelope.data as EventEnvelope<T>;
}

/** Best-effort id of a message that failed to parse, so its dead letter can still be traced. */
export function envelopeIdOf(body: string): string | undefined {
  try {
    const json: unknown = JSON.parse(body);
    if (typeof json === "object" && json !== null && "id" in json && typeof json.id === "string")
      return json.id;
  } catch {
    // not JSON: no id to report
  }
  return undefined;
}
