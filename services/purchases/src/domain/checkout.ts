import type { Money } from "./purchase";

/** How long a checkout session stays payable. */
export const CHECKOUT_TTL_SECONDS = 30 * 60;
/**
 * Stripe refuses an `expires_at` less than 30 minutes after it creates the session; a few seconds more
 * keep a request that takes a moment (or a clock a little ahead) above that floor.
 */
const CHECKOUT_TTL_MARGIN_SECONDS = 10;

/** When a session created at `now` expires, in epoch seconds. */
export function checkoutExpiry(now: Date): number {
  return Math.floor(now.getTime() / 1000) + CHECKOUT_TTL_SECONDS + CHECKOUT_TTL_MARGIN_SECONDS;
}

/**
 * The metadata a session and its payment intent carry: the payment notifications bring it back, and
 * payment matching reads `listingId` and `deviceId` from it (settlements' payment-update reader).
 */
export function checkoutMetadata(sale: {
  listingId: string;
  deviceId: string;
  marketplaceItemId: string;
  marketplaceInstanceId: string;
}): Record<string, string> {
  return {
    listingId: sale.listingId,
    deviceId: sale.deviceId,
    marketplaceItemId: sale.marketplaceItemId,
    marketplaceInstanceId: sale.marketplaceInstanceId,
  };
}

/**
 * Whether a return address is acceptable: http or https, and https only in production (a buyer's
 * browser is sent there after paying). Returns why not, or null.
 */
export function returnUrlProblem(raw: string, production: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "must be an absolute URL";
  }
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:") return production ? "must be https in production" : null;
  return "must be an http(s) URL";
}

/** The device's purchases that forbid a new checkout of the same item: one it paid and still holds. */
export function blocksCheckout(status: string): boolean {
  return status === "completed";
}

/**
 * What is left to refund of a purchase, and the amount a refund request asks for (`undefined`: all that
 * is left).
 */
export function refundAmount(
  purchase: { amount: Money; amountRefunded: number },
  requested: number | undefined,
): { remaining: number; amount: number } {
  const remaining = purchase.amount.amount - purchase.amountRefunded;
  return { remaining, amount: requested ?? remaining };
}
