import { splitSale } from "@mp/money";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addShares,
  effectOf,
  NegativeShareError,
  type PurchaseChangeKind,
  reversalShares,
  type Shares,
  saleShares,
  sumShares,
} from "./ledger";
import { totalsOf } from "./statement-period";

const RUNS = { numRuns: 10_000 };

/** Sales in EUR-sized (cents) and JPY-sized (whole yen) amounts, with a base price the price covers. */
const sale = fc.oneof(
  fc.record({ currency: fc.constant("EUR"), gross: fc.integer({ min: 0, max: 10_000_000 }) }),
  fc.record({ currency: fc.constant("JPY"), gross: fc.integer({ min: 0, max: 1_000_000_000 }) }),
);
const saleWithBase = fc
  .tuple(sale, fc.integer({ min: 0, max: 5_000 }), fc.double({ min: 0, max: 1, noNaN: true }))
  .map(([s, feeBps, baseFraction]) => {
    const fee = saleShares({ gross: s.gross, basePrice: 0, feeBps }).platformFee;
    return { ...s, feeBps, basePrice: Math.floor((s.gross - fee) * baseFraction) };
  });

const change = fc.oneof(
  fc.record({
    kind: fc.constant<PurchaseChangeKind>("refund"),
    amount: fc.integer({ min: 1, max: 2_000_000 }),
  }),
  fc.record({
    kind: fc.constantFrom<PurchaseChangeKind>("dispute-opened", "dispute-won", "dispute-lost"),
    amount: fc.constant(0),
  }),
);

/** Plain checks in the hot loops (expect() is slow at 10,000 runs): a failure throws with the values. */
function check(ok: boolean, what: string, value: unknown): void {
  if (!ok) throw new Error(`${what}: ${JSON.stringify(value)}`);
}

function expectNonNegative(s: Shares) {
  check(s.platformFee >= 0 && s.developerShare >= 0 && s.providerShare >= 0, "a share below zero", s);
}

const isZero = (s: Shares) => s.platformFee === 0 && s.developerShare === 0 && s.providerShare === 0;

describe("saleShares", () => {
  it("follows the contract's formula", () => {
    // 1999 * 12.5% = 249.875 -> 250; developer 1000; provider 1999 - 1000 - 250
    expect(saleShares({ gross: 1999, basePrice: 1000, feeBps: 1250 })).toEqual({
      platformFee: 250,
      developerShare: 1000,
      providerShare: 749,
    });
    // JPY: 1000 * 0.05% = 0.5 -> 0 (half to even)
    expect(saleShares({ gross: 1000, basePrice: 500, feeBps: 5 }).platformFee).toBe(0);
  });

  it("sums to gross, no share negative when the price covers the base (EUR and JPY, 10,000 runs)", () => {
    fc.assert(
      fc.property(saleWithBase, (s) => {
        const shares = saleShares(s);
        expect(sumShares(shares)).toBe(s.gross);
        expectNonNegative(shares);
      }),
      RUNS,
    );
  }, 60_000);
});

describe("saleShares refuses a negative share", () => {
  it("throws NegativeShareError when the base price and fee exceed the price, with the shares it refused", () => {
    // 1000 * 10% = 100; developer 1000; provider 1000 - 1000 - 100 = -100
    const refuse = () => saleShares({ gross: 1000, basePrice: 1000, feeBps: 1000 });
    expect(refuse).toThrow(NegativeShareError);
    expect(refuse).toThrow(RangeError);
    try {
      refuse();
    } catch (error) {
      expect((error as NegativeShareError).shares).toEqual({
        platformFee: 100,
        developerShare: 1000,
        providerShare: -100,
      });
    }
    // One cent more leaves the provider nothing below zero: 1112 - 1000 - 111 = 1.
    expect(saleShares({ gross: 1112, basePrice: 1000, feeBps: 1000 }).providerShare).toBe(1);
    expect(saleShares({ gross: 1111, basePrice: 1000, feeBps: 1000 }).providerShare).toBe(0);
  });
});

describe("reversalShares", () => {
  it("reverses in proportion by largest remainder; the last reversal takes exactly what is left", () => {
    const sold = saleShares({ gross: 1999, basePrice: 1000, feeBps: 1250 }); // 250 / 1000 / 749
    const first = reversalShares(sold, 1000);
    expect(first).toEqual({ platformFee: -125, developerShare: -500, providerShare: -375 });
    const left = addShares(sold, first);
    expect(reversalShares(left, 999)).toEqual({
      platformFee: -125,
      developerShare: -500,
      providerShare: -374,
    });
  });

  it("refuses more than is left", () => {
    expect(() => reversalShares({ platformFee: 1, developerShare: 1, providerShare: 1 }, 4)).toThrow(
      RangeError,
    );
  });

  it("keeps a negative provider share between its value and zero", () => {
    const left = { platformFee: 100, developerShare: 1000, providerShare: -100 };
    const r = reversalShares(left, 500);
    expect(sumShares(r)).toBe(-500);
    expect(r.providerShare).toBeGreaterThanOrEqual(0);
    expect(r.providerShare).toBeLessThanOrEqual(100);
  });

  it("random refund/dispute sequences: each reversal sums to its amount, no share's total below zero, the final one reverses exactly what is left (EUR and JPY, 10,000 runs)", () => {
    fc.assert(
      fc.property(saleWithBase, fc.array(change, { maxLength: 8 }), (s, changes) => {
        const sold = saleShares(s);
        let left = sold;
        for (const c of changes) {
          const effect = effectOf(c, sumShares(left));
          if (effect.kind === "none") continue;
          check(effect.kind !== "sale", "a change after the sale made a sale", effect);
          if (effect.kind === "sale") return;
          const before = left;
          const r = reversalShares(left, effect.amount);
          check(sumShares(r) === -effect.amount, "reversal does not sum to its amount", { r, effect });
          left = addShares(left, r);
          expectNonNegative(left);
          // no reversal moves a share up
          check(
            r.platformFee <= 0 && r.developerShare <= 0 && r.providerShare <= 0,
            "a reversal raised a share",
            r,
          );
          if (effect.amount === sumShares(before))
            check(isZero(left), "the final reversal left something", left);
        }
        // a final full refund of what is left brings every share to exactly zero
        const last = reversalShares(left, sumShares(left));
        check(isZero(addShares(left, last)), "refunding all that is left leaves something", { left, last });
        check(sumShares(left) <= s.gross, "more left than was sold", left);
      }),
      RUNS,
    );
  }, 120_000);
});

describe("reversalShares with a negative provider share (base price above what the price leaves)", () => {
  it("reverses exactly, keeping every share between zero and its sale value (10,000 runs)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.array(fc.integer({ min: 1, max: 2_000_000 }), { maxLength: 6 }),
        (gross, feeBps, baseFraction, refunds) => {
          const fee = saleShares({ gross, basePrice: 0, feeBps }).platformFee;
          // a base price between what is left after the fee and the whole gross: provider share <= 0 (a
          // sale booked before such sales were refused; saleShares itself now refuses it)
          const basePrice = gross - fee + Math.floor(fee * baseFraction);
          const sold = splitSale({ gross, basePrice, feeBps });
          check(sold.providerShare <= 0, "expected a non-positive provider share", sold);
          let left = sold;
          for (const asked of refunds) {
            const effect = effectOf({ kind: "refund", amount: asked }, sumShares(left));
            if (effect.kind !== "refund") continue;
            const r = reversalShares(left, effect.amount);
            check(sumShares(r) === -effect.amount, "reversal does not sum to its amount", { left, r });
            left = addShares(left, r);
            check(
              left.platformFee >= 0 &&
                left.platformFee <= sold.platformFee &&
                left.developerShare >= 0 &&
                left.developerShare <= sold.developerShare &&
                left.providerShare <= 0 &&
                left.providerShare >= sold.providerShare,
              "a share crossed zero or grew",
              { sold, left },
            );
          }
          check(
            isZero(addShares(left, reversalShares(left, sumShares(left)))),
            "the rest is not reversed exactly",
            left,
          );
        },
      ),
      RUNS,
    );
  }, 120_000);
});

describe("statement totals", () => {
  it("totals of a party's statement lines equal the sums of its entries for random histories (10,000 runs)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(saleWithBase, fc.array(change, { maxLength: 4 })), { maxLength: 6 }),
        (histories) => {
          type Line = { gross: number; platformFee: number; share: number };
          const developer: Line[] = [];
          const provider: Line[] = [];
          let entries = { platform: 0, developer: 0, provider: 0, gross: 0, sold: 0, reversed: 0 };
          for (const [s, changes] of histories) {
            const movements: Shares[] = [saleShares(s)];
            let left = movements[0] as Shares;
            for (const c of changes) {
              const effect = effectOf(c, sumShares(left));
              if (effect.kind !== "refund" && effect.kind !== "dispute") continue;
              const r = reversalShares(left, effect.amount);
              movements.push(r);
              left = addShares(left, r);
            }
            movements.forEach((m, i) => {
              const gross = sumShares(m);
              developer.push({ gross, platformFee: m.platformFee, share: m.developerShare });
              provider.push({ gross, platformFee: m.platformFee, share: m.providerShare });
              entries = {
                platform: entries.platform + m.platformFee,
                developer: entries.developer + m.developerShare,
                provider: entries.provider + m.providerShare,
                gross: entries.gross + gross,
                sold: entries.sold + (i === 0 ? gross : 0),
                reversed: entries.reversed + (i === 0 ? 0 : -gross),
              };
            });
          }
          const dev = totalsOf(developer);
          const prov = totalsOf(provider);
          expect(dev.net).toBe(entries.developer);
          expect(prov.net).toBe(entries.provider);
          expect(dev.platformFees).toBe(entries.platform);
          expect(dev.grossSales).toBe(entries.sold);
          expect(dev.refunds).toBe(entries.reversed);
          expect(dev.grossSales - dev.refunds).toBe(entries.gross);
          expect(dev.net + prov.net + dev.platformFees).toBe(entries.gross);
        },
      ),
      RUNS,
    );
  }, 120_000);
});
