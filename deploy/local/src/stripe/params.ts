import { invalidParam, missingParam, StripeApiError } from "./errors";
import { unixNow } from "./ids";
import type { LineItem, Metadata, SessionInput } from "./objects";

type Params = Record<string, unknown>;

/** Stripe's bounds on `expires_at`: 30 minutes to 24 hours from now (24 hours when left out). */
const MIN_EXPIRY_SECONDS = 30 * 60;
const MAX_EXPIRY_SECONDS = 24 * 3600;

export function requiredString(params: Params, name: string): string {
  const value = params[name];
  if (value === undefined || value === "") throw missingParam(name);
  if (typeof value !== "string") throw invalidParam(name, `Invalid string: ${name}`);
  return value;
}

function optionalString(params: Params, name: string): string | null {
  const value = params[name];
  if (value === undefined || value === "") return null;
  if (typeof value !== "string") throw invalidParam(name, `Invalid string: ${name}`);
  return value;
}

export function optionalInteger(params: Params, name: string, min: number): number | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== "string" || !/^-?\d+$/.test(value) || Number(value) < min)
    throw new StripeApiError(
      400,
      "invalid_request_error",
      `Invalid integer: ${String(value)}`,
      "parameter_invalid_integer",
      name,
    );
  return Number(value);
}

/** Up to 50 string keys and values, as Stripe's metadata allows. */
export function metadataOf(value: unknown, name = "metadata"): Metadata {
  if (value === undefined || value === "") return {};
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw invalidParam(name, `Invalid object: ${name}`);
  const entries = Object.entries(value);
  if (entries.length > 50) throw invalidParam(name, `${name} can have at most 50 keys`);
  for (const [key, text] of entries)
    if (typeof text !== "string" || key.length > 40 || text.length > 500)
      throw invalidParam(`${name}[${key}]`, "Metadata keys are up to 40 characters, values up to 500");
  return Object.fromEntries(entries) as Metadata;
}

function lineItemsOf(value: unknown): LineItem[] {
  const items = Array.isArray(value) ? value : value && typeof value === "object" ? Object.values(value) : [];
  if (items.length === 0) throw missingParam("line_items");
  return items.map((raw, index) => {
    const at = `line_items[${index}]`;
    const item = (raw ?? {}) as Params;
    if (item.price !== undefined)
      throw invalidParam(`${at}[price]`, "The stand-in takes price_data only, not Price ids.");
    const priceData = (item.price_data ?? {}) as Params;
    const product = (priceData.product_data ?? {}) as Params;
    const currency = requiredString(priceData, "currency").toLowerCase();
    if (!/^[a-z]{3}$/.test(currency))
      throw invalidParam(`${at}[price_data][currency]`, `Invalid currency: ${currency}`);
    const unitAmount = optionalInteger(priceData, "unit_amount", 0);
    if (unitAmount === undefined) throw missingParam(`${at}[price_data][unit_amount]`);
    const quantity = optionalInteger(item, "quantity", 1) ?? 1;
    return { name: requiredString(product, "name"), unitAmount, quantity, currency };
  });
}

/** `POST /v1/checkout/sessions`'s parameters, checked as Stripe checks them (mode `payment` only). */
export function sessionInput(params: Params): SessionInput {
  const mode = requiredString(params, "mode");
  if (mode !== "payment") throw invalidParam("mode", "The stand-in supports mode=payment only.");
  const lineItems = lineItemsOf(params.line_items);
  if (new Set(lineItems.map((item) => item.currency)).size > 1)
    throw invalidParam("line_items", "All line items must have the same currency.");
  const now = unixNow();
  const expiresAt = optionalInteger(params, "expires_at", 0) ?? now + MAX_EXPIRY_SECONDS;
  if (expiresAt < now + MIN_EXPIRY_SECONDS - 5 || expiresAt > now + MAX_EXPIRY_SECONDS + 5)
    throw invalidParam(
      "expires_at",
      "The `expires_at` timestamp must be between 30 minutes and 24 hours from now.",
    );
  const intentData = (params.payment_intent_data ?? {}) as Params;
  return {
    lineItems,
    successUrl: requiredString(params, "success_url"),
    cancelUrl: optionalString(params, "cancel_url"),
    customerEmail: optionalString(params, "customer_email"),
    clientReferenceId: optionalString(params, "client_reference_id"),
    metadata: metadataOf(params.metadata),
    paymentIntentMetadata: metadataOf(intentData.metadata, "payment_intent_data[metadata]"),
    expiresAt,
  };
}

const REFUND_REASONS = new Set(["duplicate", "fraudulent", "requested_by_customer"]);

export function refundInput(params: Params) {
  const reason = optionalString(params, "reason");
  if (reason !== null && !REFUND_REASONS.has(reason))
    throw invalidParam("reason", `Invalid reason: must be one of ${[...REFUND_REASONS].join(", ")}`);
  return {
    charge: optionalString(params, "charge") ?? undefined,
    paymentIntent: optionalString(params, "payment_intent") ?? undefined,
    amount: optionalInteger(params, "amount", 1),
    reason,
    metadata: metadataOf(params.metadata),
  };
}
