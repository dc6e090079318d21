import {
  chargeDispute,
  chargeRefunded,
  checkoutSessionCompleted,
  type StripeEvent,
  stripeId,
} from "@mp/testing/stripe";
import { UsageError } from "./cli-args";
import type { PayNotification } from "./pay-args";

/** What `pnpm pay` remembers of the payments it made, so refunds and disputes carry the charge's amount. */
export type PayHistory = Record<string, { amount: number; currency: string; refunded: number }>;

/**
 * The Stripe event for a request, and the history after it: a payment records its intent; a refund adds
 * to the intent's refunded total (Stripe reports the cumulative `amount_refunded`), all of what is left
 * when no amount is given. Intents `pnpm pay` did not make need `--amount` and `--currency`.
 */
export function payEvent(
  request: PayNotification,
  history: PayHistory,
): { event: StripeEvent; paymentIntentId: string; history: PayHistory } {
  if (request.kind === "payment") {
    const paymentIntentId = stripeId("pi");
    const event = checkoutSessionCompleted({ ...request, paymentIntentId });
    const entry = { amount: request.amount, currency: request.currency, refunded: 0 };
    return { event, paymentIntentId, history: { ...history, [paymentIntentId]: entry } };
  }
  const { paymentIntentId } = request;
  const known = history[paymentIntentId];
  const currency = request.currency ?? known?.currency;
  if (!currency) throw new UsageError(`${paymentIntentId} is not one pnpm pay made: give --currency`);
  if (request.kind === "dispute") {
    const amount = request.amount ?? known?.amount;
    if (amount === undefined) throw new UsageError(`${paymentIntentId} is unknown here: give --amount`);
    const event = chargeDispute({
      paymentIntentId,
      amount,
      currency,
      status: request.status,
    });
    return { event, paymentIntentId, history };
  }
  const charge = known?.amount ?? request.amount;
  if (charge === undefined) throw new UsageError(`${paymentIntentId} is unknown here: give --amount`);
  const already = known?.refunded ?? 0;
  const amountRefunded = already + (request.amount ?? charge - already);
  if (amountRefunded > charge || amountRefunded === already)
    throw new UsageError(
      `refunding that would refund ${amountRefunded} of a ${charge} payment (${already} already)`,
    );
  const event = chargeRefunded({
    paymentIntentId,
    amount: charge,
    amountRefunded,
    currency,
  });
  const entry = { amount: charge, currency, refunded: amountRefunded };
  return { event, paymentIntentId, history: { ...history, [paymentIntentId]: entry } };
}
