import { GATEWAY_SIGNER } from "@mp/auth";
import { AppError } from "@mp/errors";
import { type CallContext, requireService } from "@mp/grpc";
import { envelopeOf, type ReceivedPaymentEvent } from "../domain/payment-event";
import type { IntakePressure } from "./intake-pressure";
import type { InsertOutcome, PaymentEventRepository, SignatureVerifier } from "./ports";

export interface ReceivedPayment {
  eventId: string;
  /** False for a repeated delivery: the event was stored before and nothing was written. */
  stored: boolean;
}

interface IntakeDeps {
  verifier: SignatureVerifier;
  events: PaymentEventRepository;
  /**
   * Told of every notification whose signature verified (the processor makes way for them). Refused
   * ones are not counted: forged notifications must not be able to hold back processing of real ones.
   */
  pressure?: Pick<IntakePressure, "note">;
}

/** The notification's envelope once its signature over the raw bytes is verified; throws a refusal. */
const verified = (deps: IntakeDeps, input: { payload: Buffer; signature: string }): ReceivedPaymentEvent =>
  envelopeOf(deps.verifier.verify(input.payload, input.signature), input.payload);

/**
 * Payment notification intake (contract section 5): only the gateway, calling as itself, hands them in.
 * The signature is verified over the raw bytes, then the event is stored durably, and only then does the
 * call answer (the gateway's 204). Processing happens afterwards, in the processor loop.
 */
export function makeReceivePaymentEvent(deps: IntakeDeps) {
  return async (
    input: { payload: Buffer; signature: string },
    ctx: CallContext,
  ): Promise<ReceivedPayment> => {
    requireService(ctx, GATEWAY_SIGNER);
    const event = verified(deps, input);
    deps.pressure?.note(1);
    const stored = await deps.events.insert(event);
    ctx.logger.info({ stripeEventId: event.id, type: event.type, stored }, "payment event received");
    return { eventId: event.id, stored };
  };
}

/** What became of one notification of a batch: stored (now or before), or refused with a contract code. */
export type BatchResult = ({ accepted: true } & ReceivedPayment) | { accepted: false; errorCode: string };

/**
 * Several notifications the gateway received at about the same time, in one call: each is verified as
 * `makeReceivePaymentEvent` does, on its own (a refused one does not fail the others), then every verified
 * one is stored with one `insertAll` (one statement, one commit, when nothing fails), and the call answers
 * once they are stored durably. A refusal carries only its code: the gateway sends that notification again
 * alone for the exact error answer.
 */
export function makeReceivePaymentEvents(deps: IntakeDeps) {
  const refusal = (error: unknown): BatchResult => ({
    accepted: false,
    errorCode: error instanceof AppError ? error.code : "internal",
  });
  return async (
    input: { events: { payload: Buffer; signature: string }[] },
    ctx: CallContext,
  ): Promise<BatchResult[]> => {
    requireService(ctx, GATEWAY_SIGNER);
    const events: ReceivedPaymentEvent[] = [];
    const results: (BatchResult | number)[] = input.events.map((notification) => {
      try {
        return events.push(verified(deps, notification)) - 1;
      } catch (error) {
        return refusal(error);
      }
    });
    if (events.length > 0) deps.pressure?.note(events.length);
    // insertAll answers per event; should it fail as a whole, every verified event is refused with that.
    const outcomes: InsertOutcome[] = await deps.events
      .insertAll(events)
      .catch((error: unknown) => events.map(() => ({ error })));
    const answers = results.map((result): BatchResult => {
      if (typeof result !== "number") return result;
      const outcome = outcomes[result];
      const event = events[result];
      if (!outcome || !event) return refusal(new Error("no outcome for a verified event"));
      return "error" in outcome
        ? refusal(outcome.error)
        : { accepted: true, eventId: event.id, stored: outcome.stored };
    });
    const stored = answers.filter((r) => r.accepted && r.stored).length;
    ctx.logger.info(
      { events: answers.length, stored, refused: answers.filter((r) => !r.accepted).length },
      "payment events received",
    );
    return answers;
  };
}
