import { allocateLargestRemainder, splitSale } from "@mp/money";

/** The three shares of one movement, in minor units; they always sum to the movement's gross. */
export interface Shares {
  platformFee: number;
  developerShare: number;
  providerShare: number;
}

export const ZERO_SHARES: Shares = { platformFee: 0, developerShare: 0, providerShare: 0 };

export const sumShares = (s: Shares): number => s.platformFee + s.developerShare + s.providerShare;

export const addShares = (a: Shares, b: Shares): Shares => ({
  platformFee: a.platformFee + b.platformFee,
  developerShare: a.developerShare + b.developerShare,
  providerShare: a.providerShare + b.providerShare,
});

/** A sale whose split would leave a party less than nothing: refused, never booked. */
export class NegativeShareError extends RangeError {
  override readonly name = "NegativeShareError";
  constructor(readonly shares: Shares) {
    super(
      `the sale would leave a share below zero (fee ${shares.platformFee}, developer ${shares.developerShare}, provider ${shares.providerShare})`,
    );
  }
}

/**
 * A sale of `gross` (contract section 6): the platform keeps round-half-even(gross * feeBps / 10000), the
 * developer gets the base price in force at purchase time, the provider the rest. Throws
 * `NegativeShareError` when a share would be below zero (the base price in force, or the fee, rose above
 * what the listing's price leaves): such a sale is refused, not booked with a negative share.
 */
export function saleShares(sale: { gross: number; basePrice: number; feeBps: number }): Shares {
  const shares = splitSale(sale);
  if (shares.platformFee < 0 || shares.developerShare < 0 || shares.providerShare < 0)
    throw new NegativeShareError(shares);
  return shares;
}

/**
 * The reversal of `amount` (> 0) of what is left of a sale (`left`: the sale's shares plus every reversal
 * so far). Each share is reversed in proportion, by largest remainder, so the three reversed parts sum to
 * `-amount` exactly; reversing all that is left reverses exactly each share's rest, and no share's total
 * crosses zero. Returned amounts are negative (or 0). `amount` must not exceed what is left.
 */
export function reversalShares(left: Shares, amount: number): Shares {
  const total = sumShares(left);
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`amount must be >= 0, got ${amount}`);
  if (amount > total) throw new RangeError(`cannot reverse ${amount}: only ${total} is left`);
  if (amount === 0) return { ...ZERO_SHARES };
  if (amount === total)
    return {
      platformFee: -left.platformFee,
      developerShare: -left.developerShare,
      providerShare: -left.providerShare,
    };
  const weights = [left.platformFee, left.developerShare, left.providerShare];
  const parts = weights.every((w) => w >= 0)
    ? allocateLargestRemainder(-amount, weights)
    : signedLargestRemainder(-amount, weights, total);
  const [platformFee = 0, developerShare = 0, providerShare = 0] = parts;
  return { platformFee, developerShare, providerShare };
}

/**
 * Largest remainder for a sale whose provider share was negative (booked before such sales were refused,
 * when the base price rose above what the listing's price leaves): part i is amount * w_i / total, floored, and the units left over go to the
 * largest remainders (earlier first on a tie). Each part lies between the floor and the ceiling of its
 * exact share: since |amount| <= total, never past 0 nor past the share itself.
 */
function signedLargestRemainder(amount: number, weights: number[], total: number): number[] {
  const a = BigInt(amount);
  const t = BigInt(total);
  const floorDiv = (n: bigint, d: bigint) => {
    const q = n / d;
    return n % d !== 0n && n < 0n !== d < 0n ? q - 1n : q;
  };
  const parts = weights.map((w, index) => {
    const exact = a * BigInt(w);
    const floor = floorDiv(exact, t);
    return { index, floor, remainder: exact - floor * t };
  });
  let leftOver = a - parts.reduce((acc, p) => acc + p.floor, 0n);
  const order = [...parts].sort((x, y) =>
    x.remainder === y.remainder ? x.index - y.index : x.remainder > y.remainder ? -1 : 1,
  );
  for (const part of order) {
    if (leftOver === 0n) break;
    part.floor += 1n;
    leftOver -= 1n;
  }
  return parts.map((p) => Number(p.floor));
}

export type PurchaseChangeKind = "purchase" | "refund" | "dispute-opened" | "dispute-won" | "dispute-lost";

/** What one purchase change does to the ledger. */
export type LedgerEffect =
  | { kind: "sale" }
  | { kind: "refund" | "dispute"; amount: number; clamped: boolean }
  | { kind: "none" };

/**
 * The movement a purchase change makes, given what is left of the sale: a purchase is the sale; a refund
 * of R reverses R (at most what is left: `clamped` says it asked for more); a lost dispute reverses all
 * that is left; an opened or won dispute moves no money (nothing was reversed, so a win restores nothing).
 */
export function effectOf(change: { kind: PurchaseChangeKind; amount: number }, left: number): LedgerEffect {
  switch (change.kind) {
    case "purchase":
      return { kind: "sale" };
    case "refund": {
      const amount = Math.min(change.amount, left);
      return amount > 0 ? { kind: "refund", amount, clamped: amount < change.amount } : { kind: "none" };
    }
    case "dispute-lost":
      return left > 0 ? { kind: "dispute", amount: left, clamped: false } : { kind: "none" };
    default:
      return { kind: "none" };
  }
}
