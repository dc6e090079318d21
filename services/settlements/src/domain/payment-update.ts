import { CURRENCY_CODES, type PaymentUpdatedV1, paymentUpdate } from "@mp/contracts";
import { z } from "zod";

/** A payment update before the processing transaction gives it its intent's version. */
export type PaymentUpdate = Omit<PaymentUpdatedV1, "version">;

/** What processing one stored event comes to. */
export type Interpretation =
  | { outcome: "emitted"; update: PaymentUpdate }
  | { outcome: "ignored"; detail: string }
  | { outcome: "unprocessable"; detail: string };

const MAX_DETAIL = 1_000;

/** Stripe sends currencies in lower case; the marketplace's money uses the ISO code. */
const currency = z
  .string()
  .transform((code) => code.toUpperCase())
  .pipe(z.enum(CURRENCY_CODES));
const minor = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
/** A Stripe object id (`pi_3Mt...`): printable ASCII, so it is safe as a key and in every log. */
const stripeObjectId = z.string().regex(/^[\x21-\x7e]{1,255}$/, "a Stripe object id");
/** An expandable reference: the id, or the expanded object carrying it. */
const reference = z.union([stripeObjectId, z.looseObject({ id: stripeObjectId }).transform((o) => o.id)]);
/** What a marketplace checkout puts in the payment's metadata. */
const purchaseMetadata = z.looseObject({
  listingId: z.uuid().transform((id) => id.toLowerCase()),
  deviceId: z
    .string()
    .regex(/^[0-9a-fA-F]{16}$/, "16 hex characters")
    .transform((id) => id.toLowerCase()),
});

/**
 * Derived schemas are built once: zod compiles a schema on its first parse, so deriving one per event
 * (`.omit()`, `.partial()`) compiled it again for every event, a large part of a processing pass's CPU.
 */
const partialMetadata = purchaseMetadata.partial();
const updateWithoutVersion = paymentUpdate.omit({ version: true });

const eventBase = z.looseObject({
  id: z.string().min(1).max(255),
  type: z.string(),
  created: z.number().int().min(0),
  livemode: z.boolean(),
  data: z.looseObject({ object: z.looseObject({}) }),
});
type StripeEvent = z.infer<typeof eventBase>;
type Reading = PaymentUpdate | { ignored: string };

const checkoutSession = z.looseObject({
  payment_status: z.string(),
  payment_intent: reference.nullish(),
  amount_total: minor.nullish(),
  currency: currency.nullish(),
  metadata: z.unknown(),
});
/** What a paid checkout session and a succeeded payment intent both tell: the payment, its buyer, its amount. */
interface Paid {
  paymentIntentId: string;
  metadata: z.infer<typeof purchaseMetadata>;
  amount: number;
  currency: PaymentUpdate["amount"]["currency"];
}
const paidSession = z
  .object({ payment_intent: reference, amount_total: minor, currency, metadata: purchaseMetadata })
  .transform((s): Paid => ({ ...s, paymentIntentId: s.payment_intent, amount: s.amount_total }));
const succeededIntent = z
  .looseObject({ id: stripeObjectId, amount_received: minor, currency, metadata: purchaseMetadata })
  .transform((i): Paid => ({ ...i, paymentIntentId: i.id, amount: i.amount_received }));
const charge = z.looseObject({
  payment_intent: reference,
  amount: minor,
  amount_refunded: minor,
  currency,
  metadata: z.record(z.string(), z.string()).optional(),
});
const dispute = z.looseObject({
  payment_intent: reference,
  amount: minor,
  currency,
  status: z.string(),
});

const common = (event: StripeEvent) => ({
  stripeEventId: event.id,
  livemode: event.livemode,
  occurredAt: new Date(event.created * 1000).toISOString(),
});

function paid(event: StripeEvent, payment: Paid): Reading {
  return {
    ...common(event),
    kind: "paid",
    paymentIntentId: payment.paymentIntentId,
    listingId: payment.metadata.listingId,
    deviceId: payment.metadata.deviceId,
    amount: { amount: payment.amount, currency: payment.currency },
  };
}

function readCheckoutSession(event: StripeEvent): Reading {
  const session = checkoutSession.parse(event.data.object);
  if (session.payment_status !== "paid") return { ignored: `payment_status is ${session.payment_status}` };
  return paid(event, paidSession.parse(session));
}

function readRefund(event: StripeEvent): Reading {
  const refunded = charge.parse(event.data.object);
  if (refunded.amount_refunded > refunded.amount) throw new Error("amount_refunded exceeds amount");
  const metadata = partialMetadata.safeParse(refunded.metadata ?? {});
  return {
    ...common(event),
    kind: "refunded",
    paymentIntentId: refunded.payment_intent,
    ...(metadata.success ? withoutUndefined(metadata.data) : {}),
    amount: { amount: refunded.amount, currency: refunded.currency },
    amountRefunded: { amount: refunded.amount_refunded, currency: refunded.currency },
    refund: refunded.amount_refunded === refunded.amount ? "full" : "partial",
  };
}

/** A closed dispute is won or lost; `warning_closed` (an inquiry that never became a chargeback) is won. */
const CLOSED_STATUS: Record<string, "won" | "lost"> = { won: "won", warning_closed: "won", lost: "lost" };

function readDispute(event: StripeEvent, closed: boolean): Reading {
  const disputed = dispute.parse(event.data.object);
  const closedStatus = CLOSED_STATUS[disputed.status];
  if (closed && !closedStatus) throw new Error(`a closed dispute with status ${disputed.status}`);
  return {
    ...common(event),
    kind: closed ? "dispute-closed" : "dispute-created",
    paymentIntentId: disputed.payment_intent,
    amount: { amount: disputed.amount, currency: disputed.currency },
    disputeStatus: closed ? closedStatus : "open",
  };
}

/** The Stripe event types purchases need, and how each reads. Every other type is stored and ignored. */
const READERS: Record<string, (event: StripeEvent) => Reading> = {
  "checkout.session.completed": readCheckoutSession,
  "payment_intent.succeeded": (event) => paid(event, succeededIntent.parse(event.data.object)),
  "charge.refunded": readRefund,
  "charge.dispute.created": (event) => readDispute(event, false),
  "charge.dispute.closed": (event) => readDispute(event, true),
};

/** The event types settlements handles: the ones reconciliation asks Stripe's events list for. */
export const HANDLED_EVENT_TYPES: readonly string[] = Object.keys(READERS);

/**
 * What a stored Stripe event means for purchases. Pure and total: an event of a needed type that does
 * not have the shape its type promises is `unprocessable` (with the reason), never an exception, so one
 * odd event cannot stall the events stored after it.
 */
export function interpretStripeEvent(event: unknown): Interpretation {
  const envelope = eventBase.safeParse(event);
  if (!envelope.success) return unprocessable(z.prettifyError(envelope.error));
  const { type } = envelope.data;
  const reader = Object.hasOwn(READERS, type) ? READERS[type] : undefined;
  if (!reader) return settled("ignored", `type ${type} is not one purchases need`);
  try {
    const reading = reader(envelope.data);
    if ("ignored" in reading) return settled("ignored", reading.ignored);
    const checked = updateWithoutVersion.safeParse(reading);
    if (!checked.success) return unprocessable(z.prettifyError(checked.error));
    return { outcome: "emitted", update: checked.data };
  } catch (error) {
    return unprocessable(error instanceof z.ZodError ? z.prettifyError(error) : (error as Error).message);
  }
}

/**
 * An outcome without an update. The detail may quote the event: its control characters (NUL above all,
 * which no text column takes) become spaces, and it is cut to a length fit for a log line.
 */
function settled(outcome: "ignored" | "unprocessable", detail: string): Interpretation {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
  return { outcome, detail: detail.replace(/[\u0000-\u001f\u007f]/g, " ").slice(0, MAX_DETAIL) };
}

export function unprocessable(detail: string): Interpretation {
  return settled("unprocessable", detail);
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
