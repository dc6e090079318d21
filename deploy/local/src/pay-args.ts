import { parseOptions, UsageError } from "./cli-args";
import { isUuid } from "./dev-keys";

export const PAY_USAGE = [
  "usage: pnpm pay --listing <uuid> --device <16 hex> [--amount <minor units>] [--currency EUR]",
  "         (amount and currency default to the listing's current price)",
  "       pnpm pay --refund <paymentIntentId> [--amount <minor units>] [--currency EUR]",
  "       pnpm pay --dispute <paymentIntentId> --status created|won|lost [--amount ...] [--currency EUR]",
  "       pnpm pay reconcile    (one reconciliation pass of settlements with Stripe's events, now)",
  "every form takes --data-dir <dir>: the launcher's state directory (default .local)",
].join("\n");

export type PayRequest = (PayArgs | { kind: "reconcile" }) & { dataDir?: string };

/** A payment without an amount or currency is made at the listing's current price. */
export type PayArgs =
  | (Omit<PaymentNotification, "amount" | "currency"> & { amount?: number; currency?: string })
  | Exclude<PayNotification, PaymentNotification>;

type PaymentNotification = Extract<PayNotification, { kind: "payment" }>;

export type PayNotification =
  | { kind: "payment"; listingId: string; deviceId: string; amount: number; currency: string }
  | { kind: "refund"; paymentIntentId: string; amount?: number; currency?: string }
  | {
      kind: "dispute";
      paymentIntentId: string;
      status: "created" | "won" | "lost";
      amount?: number;
      currency?: string;
    };

const DISPUTE_STATUSES = ["created", "won", "lost"] as const;

/** Turns `pnpm pay` arguments into one notification to play, or "help"; each mistake is one UsageError. */
export function parsePayArgs(argv: readonly string[]): PayRequest | "help" {
  const args = argv[0] === "--" ? argv.slice(1) : argv;
  if (args[0] === "reconcile") {
    const options = parseOptions(args.slice(1), {
      "data-dir": { type: "string" },
      help: { type: "boolean", short: "h" },
    });
    if (options.help) return "help";
    return { kind: "reconcile", ...(options["data-dir"] ? { dataDir: options["data-dir"] } : {}) };
  }
  const values = parseOptions(argv, {
    listing: { type: "string" },
    device: { type: "string" },
    amount: { type: "string" },
    currency: { type: "string" },
    refund: { type: "string" },
    dispute: { type: "string" },
    status: { type: "string" },
    "data-dir": { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) return "help";
  const modes = [values.listing ?? values.device, values.refund, values.dispute].filter(
    (v) => v !== undefined,
  );
  if (modes.length !== 1) throw new UsageError("give one of --listing/--device, --refund or --dispute");
  const amount = values.amount === undefined ? undefined : parseAmount(values.amount);
  const currency = values.currency === undefined ? undefined : parseCurrency(values.currency);
  const optional = {
    ...(amount === undefined ? {} : { amount }),
    ...(currency ? { currency } : {}),
    ...(values["data-dir"] ? { dataDir: values["data-dir"] } : {}),
  };
  if (values.refund !== undefined) {
    return { kind: "refund", paymentIntentId: parseIntentId(values.refund, "--refund"), ...optional };
  }
  if (values.dispute !== undefined) {
    const status = DISPUTE_STATUSES.find((s) => s === values.status);
    if (!status) throw new UsageError(`--status must be one of ${DISPUTE_STATUSES.join(", ")}`);
    return {
      kind: "dispute",
      paymentIntentId: parseIntentId(values.dispute, "--dispute"),
      status,
      ...optional,
    };
  }
  if (values.listing === undefined || !isUuid(values.listing))
    throw new UsageError(`--listing must be a listing's UUID, got "${values.listing ?? ""}"`);
  if (values.device === undefined || !/^[0-9a-fA-F]{16}$/.test(values.device))
    throw new UsageError(`--device must be a device id (16 hex characters), got "${values.device ?? ""}"`);
  return {
    kind: "payment",
    listingId: values.listing.toLowerCase(),
    deviceId: values.device.toLowerCase(),
    ...optional,
  };
}

function parseAmount(raw: string): number {
  const amount = /^\d{1,12}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(amount > 0)) throw new UsageError(`--amount must be a positive integer in minor units, got "${raw}"`);
  return amount;
}

function parseCurrency(raw: string): string {
  if (!/^[A-Za-z]{3}$/.test(raw)) throw new UsageError(`--currency must be an ISO 4217 code, got "${raw}"`);
  return raw.toUpperCase();
}

function parseIntentId(raw: string, option: string): string {
  if (!/^pi_[A-Za-z0-9_]{1,250}$/.test(raw))
    throw new UsageError(`${option} must be a payment intent id (pi_...)`);
  return raw;
}
