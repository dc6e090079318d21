import { newId, unixNow } from "./ids";

/**
 * Stripe objects as the API returns them (API version 2025-08-27.basil), shaped after Stripe's published
 * OpenAPI fixtures: every field the marketplace reads, and the usual rest with their unset values.
 */
export type StripeObject = Record<string, unknown> & { id: string; object: string };
export type Metadata = Record<string, string>;

export const API_VERSION = "2025-08-27.basil";

export interface LineItem {
  name: string;
  /** Minor units per unit. */
  unitAmount: number;
  quantity: number;
  currency: string;
}

export interface SessionInput {
  lineItems: LineItem[];
  successUrl: string;
  cancelUrl: string | null;
  customerEmail: string | null;
  clientReferenceId: string | null;
  metadata: Metadata;
  paymentIntentMetadata: Metadata;
  expiresAt: number;
}

export function checkoutSession(input: SessionInput, url: (id: string) => string): StripeObject {
  const id = newId("cs_test");
  const total = input.lineItems.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0);
  return {
    id,
    object: "checkout.session",
    adaptive_pricing: { enabled: false },
    after_expiration: null,
    allow_promotion_codes: null,
    amount_subtotal: total,
    amount_total: total,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: input.cancelUrl,
    client_reference_id: input.clientReferenceId,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: unixNow(),
    currency: input.lineItems[0]?.currency ?? "usd",
    currency_conversion: null,
    custom_fields: [],
    custom_text: {
      after_submit: null,
      shipping_address: null,
      submit: null,
      terms_of_service_acceptance: null,
    },
    customer: null,
    customer_creation: "if_required",
    customer_details: null,
    customer_email: input.customerEmail,
    discounts: [],
    expires_at: input.expiresAt,
    invoice: null,
    invoice_creation: {
      enabled: false,
      invoice_data: {
        account_tax_ids: null,
        custom_fields: null,
        description: null,
        footer: null,
        issuer: null,
        metadata: {},
        rendering_options: null,
      },
    },
    livemode: false,
    locale: null,
    metadata: input.metadata,
    mode: "payment",
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: "if_required",
    payment_method_options: {},
    payment_method_types: ["card"],
    payment_status: "unpaid",
    phone_number_collection: { enabled: false },
    recovered_from: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: "open",
    submit_type: null,
    subscription: null,
    success_url: input.successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: "hosted",
    url: url(id),
  };
}

export function paymentIntent(session: StripeObject, metadata: Metadata): StripeObject {
  return {
    id: newId("pi"),
    object: "payment_intent",
    amount: session.amount_total,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: "automatic_async",
    client_secret: null,
    confirmation_method: "automatic",
    created: unixNow(),
    currency: session.currency,
    customer: null,
    description: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: newId("pm"),
    payment_method_types: ["card"],
    receipt_email: session.customer_email,
    setup_future_usage: null,
    shipping: null,
    statement_descriptor: null,
    status: "requires_payment_method",
    transfer_data: null,
    transfer_group: null,
  };
}

/** The card the hosted page "pays" with: Stripe's test Visa. */
const TEST_CARD = {
  brand: "visa",
  country: "US",
  exp_month: 12,
  exp_year: 2034,
  funding: "credit",
  last4: "4242",
};

export function charge(intent: StripeObject, buyer: { email: string | null; name: string }): StripeObject {
  const amount = intent.amount as number;
  return {
    id: newId("ch"),
    object: "charge",
    amount,
    amount_captured: amount,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: newId("txn"),
    billing_details: { address: null, email: buyer.email, name: buyer.name, phone: null },
    calculated_statement_descriptor: "INFUSE MARKETPLACE",
    captured: true,
    created: unixNow(),
    currency: intent.currency,
    customer: null,
    description: null,
    disputed: false,
    failure_code: null,
    failure_message: null,
    fraud_details: {},
    livemode: false,
    metadata: intent.metadata,
    outcome: {
      network_status: "approved_by_network",
      reason: null,
      risk_level: "normal",
      risk_score: 32,
      seller_message: "Payment complete.",
      type: "authorized",
    },
    paid: true,
    payment_intent: intent.id,
    payment_method: intent.payment_method,
    payment_method_details: { card: TEST_CARD, type: "card" },
    receipt_email: buyer.email,
    receipt_url: null,
    refunded: false,
    status: "succeeded",
  };
}

/** The decline the hosted page's `Decline` plays: Stripe's generic `card_declined`. */
export function declineError(intent: StripeObject): Record<string, unknown> {
  return {
    code: "card_declined",
    decline_code: "generic_decline",
    doc_url: "https://stripe.com/docs/error-codes/card-declined",
    message: "Your card was declined.",
    payment_method: { id: intent.payment_method, object: "payment_method", card: TEST_CARD, type: "card" },
    type: "card_error",
  };
}

export function refund(
  charged: StripeObject,
  input: { amount: number; reason: string | null; metadata: Metadata },
): StripeObject {
  return {
    id: newId("re"),
    object: "refund",
    amount: input.amount,
    balance_transaction: newId("txn"),
    charge: charged.id,
    created: unixNow(),
    currency: charged.currency,
    destination_details: {
      card: { reference_status: "pending", reference_type: "acquirer_reference_number", type: "refund" },
      type: "card",
    },
    metadata: input.metadata,
    payment_intent: charged.payment_intent,
    reason: input.reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: "succeeded",
    transfer_reversal: null,
  };
}

export function event(
  type: string,
  object: StripeObject,
  request: { id: string | null; idempotencyKey: string | null },
  previousAttributes?: Record<string, unknown>,
): StripeObject {
  return {
    id: newId("evt"),
    object: "event",
    api_version: API_VERSION,
    created: unixNow(),
    data: {
      // A snapshot: later changes to the object do not rewrite what the event said.
      object: structuredClone(object),
      ...(previousAttributes ? { previous_attributes: previousAttributes } : {}),
    },
    livemode: false,
    pending_webhooks: 0,
    request: { id: request.id, idempotency_key: request.idempotencyKey },
    type,
  };
}
