import type { MsgHdrs } from "@nats-io/nats-core";
import type { EventEnvelope } from "./envelope";

/** Headers the server adds to a message a stream republished or sourced; no relay ever sets them. */
const COPIED_BY_A_STREAM = ["Nats-Stream", "Nats-Stream-Source"];

/** The service that owns an un-namespaced subject, or undefined for a subject no service owns. */
export type SubjectOwner = (subject: string) => string | undefined;

/** Raised for an event its publisher had no right to send: it is dead-lettered at once, never handled. */
export class UntrustedEventError extends Error {
  override readonly name = "UntrustedEventError";
}

/**
 * Why an event must not be trusted, or undefined when it may be: its `source` must be the owner of the
 * subject it arrived on and of its `type` (NATS lets only the owner publish there; a service naming
 * another in `source`, or carrying another's type in its own subject, is forging), and it must not carry
 * the headers the server adds to a message a stream republished or sourced (the owner's relay never
 * does): a service may configure its own stream to republish onto another's subjects.
 * `subject` is the message's subject without the bus namespace.
 */
export function untrustedReason(
  ownerOf: SubjectOwner,
  subject: string,
  event: Pick<EventEnvelope, "source" | "type">,
  headers: MsgHdrs | undefined,
): string | undefined {
  const owner = ownerOf(subject);
  if (owner === undefined) return `no service owns subject ${subject}`;
  if (event.source !== owner) return `source "${event.source}" is not ${owner}, the owner of ${subject}`;
  if (ownerOf(event.type) !== owner) return `type ${event.type} does not belong to ${owner}`;
  for (const header of COPIED_BY_A_STREAM)
    if (headers?.has(header))
      return `copied by a stream (${header}: ${headers.get(header)}), not published by ${owner}`;
  return undefined;
}
