import { noSuch, StripeApiError } from "./errors";
import { unixNow } from "./ids";
import type { Metadata, SessionInput, StripeObject } from "./objects";
import * as objects from "./objects";

/** Who asked for a change, as Stripe records it on the events the change makes. */
export interface RequestInfo {
  id: string | null;
  idempotencyKey: string | null;
}

const FROM_DASHBOARD: RequestInfo = { id: null, idempotencyKey: null };

/**
 * The stand-in's in-memory account: its objects and every event, in the order they happened. Each change
 * records its events and hands them to `onEvent` (the deliveries), as Stripe does.
 */
export class StripeWorld {
  readonly sessions = new Map<string, StripeObject>();
  readonly intents = new Map<string, StripeObject>();
  readonly charges = new Map<string, StripeObject>();
  readonly refunds = new Map<string, StripeObject>();
  /** Oldest first. */
  readonly events: StripeObject[] = [];
  /** What a session carries that the API does not show: its item's name and its intent's metadata. */
  private readonly sessionExtras = new Map<string, { itemName: string; intentMetadata: Metadata }>();

  constructor(
    private readonly sessionUrl: (id: string) => string,
    private readonly onEvent: (event: StripeObject) => void,
  ) {}

  createSession(input: SessionInput): StripeObject {
    const session = objects.checkoutSession(input, this.sessionUrl);
    this.sessions.set(session.id, session);
    const itemName = input.lineItems.map((item) => item.name).join(", ");
    this.sessionExtras.set(session.id, { itemName, intentMetadata: input.paymentIntentMetadata });
    return session;
  }

  /** The name the hosted page shows: the line items' product names. */
  itemName(sessionId: string): string {
    return this.sessionExtras.get(sessionId)?.itemName ?? "";
  }

  /** A session as the API shows it: expired once `expires_at` has passed while it was still open. */
  session(id: string): StripeObject {
    const session = this.sessions.get(id);
    if (!session) throw noSuch("checkout.session", id);
    if (session.status === "open" && (session.expires_at as number) <= unixNow()) {
      session.status = "expired";
      this.record("checkout.session.expired", session, FROM_DASHBOARD);
    }
    return session;
  }

  /**
   * The buyer pays on the hosted page: the intent succeeds with a charge, the session completes. Events
   * in the order Stripe creates them: `charge.succeeded`, `payment_intent.succeeded`,
   * `checkout.session.completed`.
   */
  pay(id: string): StripeObject {
    const session = this.openSession(id);
    const intent = this.intentOf(session);
    const buyer = {
      email: (session.customer_email as string | null) ?? "buyer@example.com",
      name: "Demo Buyer",
    };
    const charged = objects.charge(intent, buyer);
    this.charges.set(charged.id, charged);
    Object.assign(intent, {
      amount_received: intent.amount,
      last_payment_error: null,
      latest_charge: charged.id,
      status: "succeeded",
    });
    Object.assign(session, {
      customer_details: {
        address: null,
        email: buyer.email,
        name: buyer.name,
        phone: null,
        tax_exempt: "none",
        tax_ids: [],
      },
      payment_intent: intent.id,
      payment_status: "paid",
      status: "complete",
    });
    this.record("charge.succeeded", charged, FROM_DASHBOARD);
    this.record("payment_intent.succeeded", intent, FROM_DASHBOARD);
    this.record("checkout.session.completed", session, FROM_DASHBOARD);
    return session;
  }

  /** The buyer's card is declined: the intent fails (the session stays open for another try). */
  decline(id: string): StripeObject {
    const session = this.openSession(id);
    const intent = this.intentOf(session);
    Object.assign(intent, {
      last_payment_error: objects.declineError(intent),
      status: "requires_payment_method",
    });
    this.record("payment_intent.payment_failed", intent, FROM_DASHBOARD);
    return session;
  }

  /** A refund of a charge (found by itself or its payment intent): `charge.refunded`, then `refund.created`. */
  createRefund(
    input: {
      charge?: string;
      paymentIntent?: string;
      amount?: number;
      reason: string | null;
      metadata: Metadata;
    },
    request: RequestInfo,
  ): StripeObject {
    const charged = this.chargeFor(input);
    const remaining = (charged.amount as number) - (charged.amount_refunded as number);
    if (remaining <= 0)
      throw new StripeApiError(
        400,
        "invalid_request_error",
        `Charge ${charged.id} has already been refunded.`,
        "charge_already_refunded",
      );
    const amount = input.amount ?? remaining;
    if (amount > remaining)
      throw new StripeApiError(
        400,
        "invalid_request_error",
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`,
        "amount_too_large",
        "amount",
      );
    const made = objects.refund(charged, { amount, reason: input.reason, metadata: input.metadata });
    this.refunds.set(made.id, made);
    const previous = { amount_refunded: charged.amount_refunded, refunded: charged.refunded };
    charged.amount_refunded = (charged.amount_refunded as number) + amount;
    charged.refunded = charged.amount_refunded === charged.amount;
    this.record("charge.refunded", charged, request, previous);
    this.record("refund.created", made, request);
    return made;
  }

  find(map: "intents" | "charges" | "refunds", object: string, id: string): StripeObject {
    const found = this[map].get(id);
    if (!found) throw noSuch(object, id);
    return found;
  }

  private openSession(id: string): StripeObject {
    const session = this.session(id);
    if (session.status !== "open")
      throw new StripeApiError(
        400,
        "invalid_request_error",
        `This Checkout Session is ${session.status}.`,
        "checkout_session_not_open",
      );
    return session;
  }

  /** The session's payment intent, made on the first attempt to pay (as Checkout does). */
  private intentOf(session: StripeObject): StripeObject {
    const existing =
      typeof session.payment_intent === "string" ? this.intents.get(session.payment_intent) : undefined;
    if (existing) return existing;
    const metadata = this.sessionExtras.get(session.id)?.intentMetadata ?? {};
    const intent = objects.paymentIntent(session, metadata);
    this.intents.set(intent.id, intent);
    session.payment_intent = intent.id;
    return intent;
  }

  private chargeFor(input: { charge?: string; paymentIntent?: string }): StripeObject {
    if (input.charge) return this.find("charges", "charge", input.charge);
    if (!input.paymentIntent)
      throw new StripeApiError(
        400,
        "invalid_request_error",
        "One of `charge` or `payment_intent` is required.",
        "parameter_missing",
      );
    const intent = this.find("intents", "payment_intent", input.paymentIntent);
    const latest = intent.latest_charge;
    if (typeof latest !== "string")
      throw new StripeApiError(
        400,
        "invalid_request_error",
        `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
        "charge_not_refundable",
        "payment_intent",
      );
    return this.find("charges", "charge", latest);
  }

  private record(
    type: string,
    object: StripeObject,
    request: RequestInfo,
    previous?: Record<string, unknown>,
  ): void {
    const made = objects.event(type, object, request, previous);
    this.events.push(made);
    this.onEvent(made);
  }
}
