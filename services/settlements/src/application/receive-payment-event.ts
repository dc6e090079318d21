import { GATEWAY_SIGNER } from "@mp/auth";
import { type CallContext, requireService } from "@mp/grpc";
import { envelopeOf } from "../domain/payment-event";
import type { PaymentEventRepository, SignatureVerifier } from "./ports";

export interface ReceivedPayment {
  eventId: string;
  /** False for a repeated delivery: the event was stored before and nothing was written. */
  stored: boolean;
}

/**
 * Payment notification intake (contract section 5): only the gateway, calling as itself, hands them in.
 * The signature is verified over the raw bytes, then the event is stored durably, and only then does the
 * call answer (the gateway's 204). Processing happens afterwards, in the processor loop.
 */
export function makeReceivePaymentEvent(deps: {
  verifier: SignatureVerifier;
  events: PaymentEventRepository;
}) {
  return async (
    input: { payload: Buffer; signature: string },
    ctx: CallContext,
  ): Promise<ReceivedPayment> => {
    requireService(ctx, GATEWAY_SIGNER);
    const event = envelopeOf(deps.verifier.verify(input.payload, input.signature), input.payload);
    const stored = await deps.events.insert(event);
    ctx.logger.info({ stripeEventId: event.id, type: event.type, stored }, "payment event received");
    return { eventId: event.id, stored };
  };
}
