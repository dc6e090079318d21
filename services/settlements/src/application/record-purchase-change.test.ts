import type { EventEnvelope, HandlerTransaction } from "@mp/bus";
import type { PurchaseSnapshotV1 } from "@mp/contracts";
import type { Queryable } from "@mp/db";
import type { Logger } from "@mp/logger";
import { describe, expect, it } from "vitest";
import { addShares, type Shares, sumShares } from "../domain/ledger";
import type { MovementKind, PurchaseParties } from "../domain/movement";
import type { StatementKey } from "../domain/statement";
import type { CursorWrite, LedgerRepository, MovementWrite } from "./ledger.ports";
import { makeRecordPurchaseChange, NotReadyError } from "./record-purchase-change";
import type { PlacementMemo, StatementRepository } from "./statements.ports";

const TX = { query: async () => ({ rows: [] }) } as unknown as Queryable;
const PURCHASE = "0193a1b2-0000-7000-8000-0000000000d1";
const PROVIDER = "0193a1b2-0000-7000-8000-00000000000a";
const DEVELOPER = "0193a1b2-0000-7000-8000-00000000000d";
const ITEM = "0193a1b2-0000-7000-8000-0000000000a1";
const INSTANCE = "0193a1b2-0000-7000-8000-0000000000b1";
const NOW = new Date("2026-11-28T20:00:00.000Z");
const PURCHASED_AT = "2026-11-20T10:00:00.000Z";

type Change = PurchaseSnapshotV1["change"]["kind"];
const snapshot = (
  version: number,
  kind: Change,
  amount: number,
  over: Partial<PurchaseSnapshotV1> = {},
): EventEnvelope<PurchaseSnapshotV1> => ({
  id: `0193a1b2-0000-7000-8000-${String(version).padStart(12, "e")}`,
  type: "purchases.purchase.x.v1",
  source: "purchases",
  occurredAt: NOW.toISOString(),
  data: {
    id: PURCHASE,
    marketplaceItemId: ITEM,
    displayName: "Thermo",
    listingId: "0193a1b2-0000-7000-8000-0000000000c1",
    marketplaceInstanceId: INSTANCE,
    providerOrganisationId: PROVIDER,
    deviceId: "0123456789abcdef",
    amount: { amount: 2000, currency: "EUR" },
    amountRefunded: { amount: 0, currency: "EUR" },
    status: "completed",
    heldReason: null,
    livemode: false,
    purchasedAt: PURCHASED_AT,
    paymentReference: "pi_1",
    change: {
      kind,
      amount: { amount, currency: "EUR" },
      stripeEventId: `evt_${version}`,
      at: `2026-11-2${Math.min(version, 9)}T12:00:00.000Z`,
    },
    occurredAt: NOW.toISOString(),
    version,
    ...over,
  },
});

interface Inputs {
  item?: {
    id: string;
    developerOrganisationId: string;
    marketplaceInstanceId: string;
    displayName: string | null;
  };
  basePrice?: { amount: number; currency: string } | null;
  feeBps?: number;
}

/** A ledger that keeps what it is written, so one handler call sees what the one before wrote. */
function harness(inputs: Inputs = {}, options: { soldWithoutCursor?: boolean } = {}) {
  const defaults: Inputs = {
    item: {
      id: ITEM,
      developerOrganisationId: DEVELOPER,
      marketplaceInstanceId: INSTANCE,
      displayName: "Item",
    },
    basePrice: { amount: 1200, currency: "EUR" },
    feeBps: 1000,
  };
  const given = { ...defaults, ...inputs };
  const cursors = new Map<string, { version: number; rejected: boolean }>();
  const movements: MovementWrite[] = [];
  const calls = {
    locks: [] as Array<[string, boolean]>,
    leftOf: [] as string[],
    writes: [] as Array<{ movements: MovementWrite[]; cursors: CursorWrite[] }>,
    saleInputs: [] as unknown[][],
    placements: [] as Array<{
      keys: unknown;
      occurredAt: Date;
      kind: MovementKind;
      lockHeld: boolean;
      memo: unknown;
      now: Date;
    }>,
    deadLetters: [] as Array<[string, string]>,
    logs: [] as Array<[string, Record<string, unknown>, string]>,
  };
  const ledger: LedgerRepository = {
    lockCursor: async (_tx, purchaseId, livemode) => {
      calls.locks.push([purchaseId, livemode]);
      const cursor = cursors.get(purchaseId);
      if (cursor) return cursor;
      return {
        version: undefined,
        sold: options.soldWithoutCursor ?? movements.some((m) => m.movement.purchaseId === purchaseId),
      };
    },
    leftOf: async (_tx, purchaseId) => {
      calls.leftOf.push(purchaseId);
      const mine = movements.filter((m) => m.movement.purchaseId === purchaseId).map((m) => m.movement);
      const sale = mine.find((m) => m.kind === "sale");
      if (!sale) return undefined;
      const { id, sourceEventId, kind, shares, occurredAt, ...parties } = sale;
      const left = mine.reduce<Shares>((sum, m) => addShares(sum, m.shares), {
        platformFee: 0,
        developerShare: 0,
        providerShare: 0,
      });
      return { parties: parties as PurchaseParties, left };
    },
    write: async (_tx, written, cursorWrites) => {
      calls.writes.push({ movements: [...written], cursors: [...cursorWrites] });
      movements.push(...written);
      for (const c of cursorWrites) cursors.set(c.purchaseId, { version: c.version, rejected: c.rejected });
    },
  };
  const statements = {
    placeBoth: async (
      _tx: Queryable,
      keys: { developer: StatementKey; provider: StatementKey },
      occurredAt: Date,
      kind: MovementKind,
      context: { now: Date },
      opts: { lockHeld: boolean; memo?: PlacementMemo },
    ) => {
      calls.placements.push({
        keys,
        occurredAt,
        kind,
        lockHeld: opts.lockHeld,
        memo: opts.memo,
        now: context.now,
      });
      return {
        developer: { statementId: `st-${keys.developer.organisationId}`, lineKind: kind },
        provider: { statementId: `st-${keys.provider.organisationId}`, lineKind: kind },
      };
    },
  } as unknown as StatementRepository;
  const log = (level: string) => (fields: Record<string, unknown>, message: string) =>
    calls.logs.push([level, fields, message]);
  const logger = {
    error: log("error"),
    warn: log("warn"),
    info: log("info"),
    debug: log("debug"),
  } as unknown as Logger;
  let id = 0;
  const record = makeRecordPurchaseChange({
    ledger,
    projections: {
      recordItem: async () => {},
      saleInputs: async (...args: unknown[]) => {
        calls.saleInputs.push(args.slice(1));
        return { item: given.item, basePrice: given.basePrice, feeBps: given.feeBps };
      },
    } as never,
    statements,
    deadLetter: async (_tx, event, reason) => {
      calls.deadLetters.push([event.id, reason]);
    },
    ids: { next: () => `id-${++id}` },
    clock: { now: () => NOW },
    logger: { child: () => logger } as unknown as Logger,
  });
  return { record, calls, movements, cursors };
}

const sharesOf = (h: ReturnType<typeof harness>) =>
  h.movements.map((m) => [m.movement.kind, m.movement.shares]);

describe("a purchase's sale", () => {
  it("books one movement: fee, the developer's base price and the provider's rest, summing to the gross", async () => {
    const h = harness();
    const event = snapshot(1, "purchase", 2000);
    await h.record(event, TX);
    expect(h.calls.saleInputs).toEqual([[ITEM, INSTANCE, new Date(PURCHASED_AT)]]);
    expect(h.calls.writes).toHaveLength(1);
    const [write] = h.calls.writes[0]?.movements ?? [];
    expect(write).toEqual({
      movement: {
        purchaseId: PURCHASE,
        marketplaceInstanceId: INSTANCE,
        marketplaceItemId: ITEM,
        displayName: "Thermo",
        deviceId: "0123456789abcdef",
        providerOrganisationId: PROVIDER,
        developerOrganisationId: DEVELOPER,
        currency: "EUR",
        livemode: false,
        id: "id-1",
        sourceEventId: event.id,
        kind: "sale",
        shares: { platformFee: 200, developerShare: 1200, providerShare: 600 },
        occurredAt: new Date(PURCHASED_AT),
      },
      entries: {
        platformId: "id-2",
        developer: { statementId: `st-${DEVELOPER}`, lineKind: "sale", id: "id-3" },
        provider: { statementId: `st-${PROVIDER}`, lineKind: "sale", id: "id-4" },
      },
    });
    expect(sumShares(write?.movement.shares as Shares)).toBe(2000);
    expect(h.calls.writes[0]?.cursors).toEqual([{ purchaseId: PURCHASE, version: 1, rejected: false }]);
    expect(h.calls.locks).toEqual([[PURCHASE, false]]);
  });

  it("places the developer's and the provider's entries in their own statements, in the sale's currency and mode", async () => {
    const h = harness();
    await h.record(snapshot(1, "purchase", 2000, { livemode: true }), TX);
    expect(h.calls.placements).toEqual([
      {
        keys: {
          developer: { currency: "EUR", livemode: true, organisationId: DEVELOPER, role: "developer" },
          provider: { currency: "EUR", livemode: true, organisationId: PROVIDER, role: "provider" },
        },
        occurredAt: new Date(PURCHASED_AT),
        kind: "sale",
        lockHeld: true,
        memo: expect.any(Map),
        now: NOW,
      },
    ]);
    expect(h.calls.locks).toEqual([[PURCHASE, true]]);
  });

  it("waits (not ready) for an item, base price or instance not known yet, writing nothing", async () => {
    for (const missing of [
      { item: undefined },
      { basePrice: undefined },
      { basePrice: null },
      { feeBps: undefined },
    ]) {
      const h = harness(missing as Inputs);
      await expect(h.record(snapshot(1, "purchase", 2000), TX)).rejects.toBeInstanceOf(NotReadyError);
      expect(h.movements).toEqual([]);
      expect(h.calls.deadLetters).toEqual([]);
    }
    expect(new NotReadyError("x").name).toBe("NotReadyError");
  });

  it("dead-letters a sale that can never be booked and every later event of the purchase", async () => {
    const h = harness({ basePrice: { amount: 1200, currency: "USD" } });
    const sale = snapshot(1, "purchase", 2000);
    await h.record(sale, TX);
    expect(h.movements).toEqual([]);
    expect(h.calls.deadLetters).toEqual([[sale.id, "base price currency USD differs from the sale's EUR"]]);
    expect(h.cursors.get(PURCHASE)).toEqual({ version: 1, rejected: true });
    expect(h.calls.logs.filter(([level]) => level === "error")).toHaveLength(1);
    const refund = snapshot(2, "refund", 500);
    await h.record(refund, TX);
    expect(h.calls.deadLetters[1]).toEqual([
      refund.id,
      "the purchase's sale was not recorded (dead-lettered)",
    ]);
    expect(h.cursors.get(PURCHASE)).toEqual({ version: 2, rejected: true });
    expect(h.movements).toEqual([]);
  });

  it("refuses a sale whose split leaves a share below zero, logging the shares", async () => {
    const h = harness({ basePrice: { amount: 1900, currency: "EUR" } });
    await h.record(snapshot(1, "purchase", 2000), TX);
    expect(h.movements).toEqual([]);
    expect(h.calls.deadLetters).toHaveLength(1);
    const [, fields] = h.calls.logs.find(([level]) => level === "error") ?? [];
    expect(fields).toMatchObject({ shares: { platformFee: 200, developerShare: 1900, providerShare: -100 } });
  });

  it("books nothing for a held purchase but moves its cursor, so its events stay in order", async () => {
    const h = harness();
    await h.record(snapshot(1, "purchase", 2500, { heldReason: "amount-mismatch", status: "held" }), TX);
    await h.record(snapshot(2, "refund", 2500, { heldReason: "amount-mismatch", status: "refunded" }), TX);
    expect(h.movements).toEqual([]);
    expect(h.calls.deadLetters).toEqual([]);
    expect(h.cursors.get(PURCHASE)).toEqual({ version: 2, rejected: false });
    expect(h.calls.saleInputs).toEqual([]);
  });

  it("does not book a sale again when one is recorded already (without a cursor)", async () => {
    const h = harness({}, { soldWithoutCursor: true });
    h.movements.push({
      movement: {
        purchaseId: PURCHASE,
        marketplaceInstanceId: INSTANCE,
        marketplaceItemId: ITEM,
        displayName: "Thermo",
        deviceId: "0123456789abcdef",
        providerOrganisationId: PROVIDER,
        developerOrganisationId: DEVELOPER,
        currency: "EUR",
        livemode: false,
        id: "m-0",
        sourceEventId: "e-0",
        kind: "sale",
        shares: { platformFee: 200, developerShare: 1200, providerShare: 600 },
        occurredAt: new Date(PURCHASED_AT),
      },
      entries: {} as MovementWrite["entries"],
    });
    await h.record(snapshot(1, "purchase", 2000), TX);
    expect(h.calls.writes[0]).toEqual({
      movements: [],
      cursors: [{ purchaseId: PURCHASE, version: 1, rejected: false }],
    });
    expect(h.calls.saleInputs).toEqual([]);
  });
});

describe("refunds and disputes", () => {
  it("a partial refund reverses each share in proportion, summing to minus the refund exactly", async () => {
    const h = harness();
    await h.record(snapshot(1, "purchase", 2000), TX);
    await h.record(snapshot(2, "refund", 500), TX);
    const [, refund] = h.movements;
    expect(refund?.movement).toMatchObject({
      kind: "refund",
      shares: { platformFee: -50, developerShare: -300, providerShare: -150 },
      occurredAt: new Date("2026-11-22T12:00:00.000Z"),
    });
    expect(refund?.entries.developer.lineKind).toBe("refund");
    expect(h.calls.placements[1]?.kind).toBe("refund");
    expect(h.cursors.get(PURCHASE)).toEqual({ version: 2, rejected: false });
  });

  it("refunds down to zero reverse exactly what each share had left", async () => {
    const h = harness();
    await h.record(snapshot(1, "purchase", 1999, { amount: { amount: 1999, currency: "EUR" } }), TX);
    await h.record(snapshot(2, "refund", 333), TX);
    await h.record(snapshot(3, "refund", 1666), TX);
    const left = h.movements.reduce<Shares>((sum, m) => addShares(sum, m.movement.shares), {
      platformFee: 0,
      developerShare: 0,
      providerShare: 0,
    });
    expect(left).toEqual({ platformFee: 0, developerShare: 0, providerShare: 0 });
    for (const m of h.movements.slice(1))
      expect(sumShares(m.movement.shares)).toBe(m === h.movements[1] ? -333 : -1666);
  });

  it("a refund larger than what is left reverses what is left, with a warning", async () => {
    const h = harness();
    await h.record(snapshot(1, "purchase", 2000), TX);
    await h.record(snapshot(2, "refund", 1500), TX);
    await h.record(snapshot(3, "refund", 900), TX);
    expect(sumShares(h.movements[2]?.movement.shares as Shares)).toBe(-500);
    expect(h.calls.logs.filter(([level]) => level === "warn")).toEqual([
      [
        "warn",
        { purchaseId: PURCHASE, asked: 900, reversed: 500 },
        "refund larger than what is left of the sale; reversing what is left",
      ],
    ]);
  });

  it("a lost dispute reverses all that is left; an opened or won one moves no money", async () => {
    const h = harness();
    await h.record(snapshot(1, "purchase", 2000), TX);
    await h.record(snapshot(2, "refund", 500), TX);
    await h.record(snapshot(3, "dispute-opened", 2000), TX);
    await h.record(snapshot(4, "dispute-won", 2000), TX);
    expect(h.movements).toHaveLength(2);
    await h.record(snapshot(5, "dispute-lost", 2000), TX);
    expect(sharesOf(h)[2]).toEqual([
      "dispute",
      { platformFee: -150, developerShare: -900, providerShare: -450 },
    ]);
    expect(h.cursors.get(PURCHASE)).toEqual({ version: 5, rejected: false });
  });

  it("a refund in another currency is dead-lettered; the purchase goes on", async () => {
    const h = harness();
    await h.record(snapshot(1, "purchase", 2000), TX);
    const usd = snapshot(2, "refund", 500);
    usd.data.change.amount.currency = "USD";
    await h.record(usd, TX);
    expect(h.movements).toHaveLength(1);
    expect(h.calls.deadLetters).toEqual([[usd.id, "refund currency USD differs from the sale's EUR"]]);
    expect(h.cursors.get(PURCHASE)).toEqual({ version: 2, rejected: false });
    await h.record(snapshot(3, "refund", 500), TX);
    expect(h.movements).toHaveLength(2);
  });

  it("a refund of a purchase whose sale is not recorded waits", async () => {
    const h = harness();
    h.cursors.set(PURCHASE, { version: 1, rejected: false });
    await expect(h.record(snapshot(2, "refund", 500), TX)).rejects.toThrow(
      `purchase ${PURCHASE} has no recorded sale yet`,
    );
  });
});

describe("event order", () => {
  it("an event already applied changes nothing; one ahead of its predecessor waits", async () => {
    const h = harness();
    await h.record(snapshot(1, "purchase", 2000), TX);
    await h.record(snapshot(1, "purchase", 2000), TX);
    expect(h.movements).toHaveLength(1);
    expect(h.calls.writes[1]).toEqual({ movements: [], cursors: [] });
    await expect(h.record(snapshot(3, "refund", 500), TX)).rejects.toThrow(
      `purchase ${PURCHASE} version 3 arrived before version 2`,
    );
    await h.record(snapshot(2, "refund", 500), TX);
    await h.record(snapshot(2, "refund", 500), TX);
    expect(h.movements).toHaveLength(2);
    expect(h.cursors.get(PURCHASE)).toEqual({ version: 2, rejected: false });
  });

  it("a first event other than version 1 waits", async () => {
    const h = harness();
    await expect(h.record(snapshot(2, "purchase", 2000), TX)).rejects.toBeInstanceOf(NotReadyError);
  });
});

describe("the events of one handler transaction", () => {
  it("are written together before the commit, later ones reading what earlier ones decided", async () => {
    const h = harness();
    const tasks: Array<() => Promise<void>> = [];
    const transaction: HandlerTransaction = { beforeCommit: (task) => tasks.push(task) };
    await h.record(snapshot(1, "purchase", 2000), TX, transaction);
    await h.record(snapshot(2, "refund", 500), TX, transaction);
    await h.record(snapshot(3, "refund", 1500), TX, transaction);
    expect(tasks).toHaveLength(1);
    expect(h.calls.writes).toEqual([]);
    await tasks[0]?.();
    expect(h.calls.writes).toHaveLength(1);
    expect(h.calls.writes[0]?.movements.map((m) => [m.movement.kind, sumShares(m.movement.shares)])).toEqual([
      ["sale", 2000],
      ["refund", -500],
      ["refund", -1500],
    ]);
    expect(h.calls.writes[0]?.cursors).toEqual([{ purchaseId: PURCHASE, version: 3, rejected: false }]);
    // One cursor read and lock for the purchase; its sale was never in the database, so never read there.
    expect(h.calls.locks).toEqual([[PURCHASE, false]]);
    expect(h.calls.leftOf).toEqual([]);
    expect(h.calls.placements.map((p) => p.lockHeld)).toEqual([true, true, true]);
    const memos = new Set(h.calls.placements.map((p) => p.memo));
    expect(memos.size).toBe(1);
  });

  it("count only a purchase's own movements in what is left of it", async () => {
    const h = harness();
    const tasks: Array<() => Promise<void>> = [];
    const transaction: HandlerTransaction = { beforeCommit: (task) => tasks.push(task) };
    const other = { id: "0193a1b2-0000-7000-8000-0000000000d2" };
    await h.record(snapshot(1, "purchase", 2000), TX, transaction);
    await h.record(snapshot(1, "purchase", 2000, other), TX, transaction);
    await h.record(snapshot(2, "dispute-lost", 2000, other), TX, transaction);
    await tasks[0]?.();
    expect(
      h.calls.writes[0]?.movements.map((m) => [m.movement.purchaseId, sumShares(m.movement.shares)]),
    ).toEqual([
      [PURCHASE, 2000],
      [other.id, 2000],
      [other.id, -2000],
    ]);
  });

  it("keep separate transactions apart", async () => {
    const h = harness();
    const a: Array<() => Promise<void>> = [];
    const b: Array<() => Promise<void>> = [];
    await h.record(snapshot(1, "purchase", 2000), TX, { beforeCommit: (t) => a.push(t) });
    await h.record(snapshot(1, "purchase", 2000, { id: "0193a1b2-0000-7000-8000-0000000000d2" }), TX, {
      beforeCommit: (t) => b.push(t),
    });
    expect([a.length, b.length]).toEqual([1, 1]);
    await a[0]?.();
    expect(h.calls.writes[0]?.movements.map((m) => m.movement.purchaseId)).toEqual([PURCHASE]);
  });

  it("reversals of a sale in the database and of this transaction both count in what is left", async () => {
    const h = harness();
    await h.record(snapshot(1, "purchase", 2000), TX);
    const tasks: Array<() => Promise<void>> = [];
    const transaction: HandlerTransaction = { beforeCommit: (task) => tasks.push(task) };
    await h.record(snapshot(2, "refund", 1000), TX, transaction);
    await h.record(snapshot(3, "dispute-lost", 2000), TX, transaction);
    await tasks[0]?.();
    expect(h.calls.writes[1]?.movements.map((m) => sumShares(m.movement.shares))).toEqual([-1000, -1000]);
    expect(h.calls.leftOf).toEqual([PURCHASE, PURCHASE]);
  });
});
