import { GATEWAY_SIGNER } from "@mp/auth";
import { AppError } from "@mp/errors";
import { type CallContext, requireService } from "@mp/grpc";
import { envelopeOf } from "../domain/payment-event";
import type { PaymentEventRepository, SignatureVerifier } from "./ports";

export interface ReceivedPayment {
  eventId: string;
  /** False for a repeated delivery: the event was stored before and nothing was written. */
  stored: boolean;
}

interface IntakeDeps {
  verifier: SignatureVerifier;
  events: PaymentEventRepository;
}

/** Verify one notification's signature over its raw bytes, then store it durably (once per event id). */
async function verifyAndStore(deps: IntakeDeps, input: { payload: Buffer; signature: string }) {
  const event = envelopeOf(deps.verifier.verify(input.payload, input.signature), input.payload);
  const stored = await deps.events.insert(event);
  return { event, stored };
}

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
    const { event, stored } = await verifyAndStore(deps, input);
    ctx.logger.info({ stripeEventId: event.id, type: event.type, stored }, "payment event received");
    return { eventId: event.id, stored };
  };
}

/** What became of one notification of a batch: stored (now or before), or refused with a contract code. */
export type BatchResult = ({ accepted: true } & ReceivedPayment) | { accepted: false; errorCode: string };

/**
 * Several notifications the gateway received at about the same time, in one call: each is verified and
 * stored as `makeReceivePaymentEvent` does, on its own (a refused one does not fail the others), and the
 * call answers once every accepted one is stored durably. Their inserts reach the group commit together,
 * so they are written by one statement. A refusal carries only its code: the gateway sends that
 * notification again alone for the exact error answer.
 */
export function makeReceivePaymentEvents(deps: IntakeDeps) {
  const one = async (input: { payload: Buffer; signature: string }): Promise<BatchResult> => {
    const { event, stored } = await verifyAndStore(deps, input);
    return { accepted: true, eventId: event.id, stored };
  };
  return async (
    input: { events: { payload: Buffer; signature: string }[] },
    ctx: CallContext,
  ): Promise<BatchResult[]> => {
    requireService(ctx, GATEWAY_SIGNER);
    const settled = await Promise.allSettled(input.events.map((event) => one(event)));
    const results = settled.map((outcome): BatchResult => {
      if (outcome.status === "fulfilled") return outcome.value;
      const error = outcome.reason;
      return { accepted: false, errorCode: error instanceof AppError ? error.code : "internal" };
    });
    const stored = results.filter((r) => r.accepted && r.stored).length;
    ctx.logger.info(
      { events: results.length, stored, refused: results.filter((r) => !r.accepted).length },
      "payment events received",
    );
    return results;
  };
}
