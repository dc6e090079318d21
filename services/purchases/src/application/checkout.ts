import { createHash } from "node:crypto";
import type { Queryable } from "@mp/db";
import { ConflictError, NotFoundError, ValidationError } from "@mp/errors";
import { type CallContext, requirePrincipal } from "@mp/grpc";
import { blocksCheckout, checkoutExpiry, checkoutMetadata, returnUrlProblem } from "../domain/checkout";
import type {
  Clock,
  DeviceOwnersPort,
  KnownListingRepository,
  PurchaseRepository,
  StripePaymentsPort,
} from "./ports";
import { parseDeviceId, parseItemId } from "./provider-devices";

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface CheckoutRequest {
  marketplaceItemId: string;
  marketplaceInstanceId: string;
  deviceId: string;
  successUrl: string;
  cancelUrl: string;
  customerEmail: string;
}

export interface CheckoutSession {
  checkoutSessionId: string;
  url: string;
  expiresAt: Date;
  amount: { amount: number; currency: string };
}

interface Deps {
  db: Queryable;
  listings: KnownListingRepository;
  purchases: PurchaseRepository;
  /** Device owners, possibly remembered for a short while (the cache payment matching uses too). */
  owners: DeviceOwnersPort;
  stripe: StripePaymentsPort;
  clock: Clock;
  defaultLivemode: boolean;
  /** Return addresses must be https. */
  production: boolean;
}

function parse(raw: CheckoutRequest, production: boolean) {
  const errors: Record<string, string[]> = {};
  if (!GUID.test(raw.marketplaceInstanceId)) errors["body.marketplaceInstanceId"] = ["must be a guid"];
  for (const field of ["successUrl", "cancelUrl"] as const) {
    const problem = returnUrlProblem(raw[field], production);
    if (problem) errors[`body.${field}`] = [problem];
  }
  if (raw.customerEmail && !EMAIL.test(raw.customerEmail))
    errors["body.customerEmail"] = ["must be an email"];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return {
    marketplaceItemId: parseItemId(raw.marketplaceItemId),
    marketplaceInstanceId: raw.marketplaceInstanceId.toLowerCase(),
    deviceId: parseDeviceId(raw.deviceId),
  };
}

/**
 * Whether the organisation owns the device, as the device owners port says. A device remembered as
 * another organisation's is asked again, fresh, before the answer is no, so a device just transferred to
 * the caller is never refused from a stale memory (an unknown device is never remembered: null is the
 * platform's answer now).
 */
async function ownsDevice(owners: DeviceOwnersPort, deviceId: string, org: string, requestId: string) {
  const owner = await owners.ownerOf(deviceId, requestId);
  if (!owner) return false;
  if (owner.organisationId === org) return true;
  const fresh = await owners.ownerOf(deviceId, requestId, { fresh: true });
  return fresh?.organisationId === org;
}

/**
 * A Stripe Checkout Session for a device of the caller's organisation to buy the caller's current
 * listing of an item, at the listing's price (provider role). Refused before Stripe is called, in this
 * order: another organisation's device (not-found), no enabled listing (not-listed), a completed
 * purchase of the item for the device (already-purchased). The three checks are independent reads (the
 * device's owner from the iot-adapter, usually remembered; the listing and the purchases from
 * purchases' own tables), so they run at once and their answers are judged in that order. The purchase
 * is made later, from the payment's notifications, which carry the session's metadata.
 */
export function makeCreateCheckoutSession(deps: Deps) {
  return async (raw: CheckoutRequest, ctx: CallContext): Promise<CheckoutSession> => {
    const org = requirePrincipal(ctx, "provider").organisationId.toLowerCase();
    const sale = parse(raw, deps.production);
    const [owned, listing, statuses] = await Promise.all([
      ownsDevice(deps.owners, sale.deviceId, org, ctx.requestId),
      deps.listings.currentOf(deps.db, { ...sale, providerOrganisationId: org }),
      deps.purchases.statusesOf({
        providerOrganisationId: org,
        deviceId: sale.deviceId,
        marketplaceItemId: sale.marketplaceItemId,
        livemode: deps.defaultLivemode,
      }),
    ]);
    // The device first: another organisation's device is 404 whatever the item, as for every route.
    if (!owned) throw new NotFoundError("Device");
    if (!listing) {
      throw new ConflictError("not-listed", "You have no enabled listing of this item in this instance.");
    }
    if (statuses.some(blocksCheckout)) {
      throw new ConflictError("already-purchased", "The device has a completed purchase of this item.");
    }
    const session = {
      lineItem: {
        unitAmount: listing.price.amount,
        currency: listing.price.currency,
        name: listing.item?.displayName || "Marketplace item",
      },
      metadata: checkoutMetadata({ ...sale, listingId: listing.id }),
      successUrl: raw.successUrl,
      cancelUrl: raw.cancelUrl,
      customerEmail: raw.customerEmail || undefined,
      expiresAt: checkoutExpiry(deps.clock.now()),
    };
    // One key per request and body: a call repeated on the way (the SDK's or gRPC's retries) makes one
    // session, and a different body never meets Stripe's idempotency error.
    const idempotencyKey = `checkout-${createHash("sha256")
      .update(JSON.stringify([org, ctx.requestId, session]))
      .digest("hex")
      .slice(0, 40)}`;
    const created = await deps.stripe.createCheckoutSession({ ...session, idempotencyKey }, ctx.requestId);
    return {
      checkoutSessionId: created.id,
      url: created.url,
      expiresAt: new Date(created.expiresAt * 1000),
      amount: created.amount,
    };
  };
}
