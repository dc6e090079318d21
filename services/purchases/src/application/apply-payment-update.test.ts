import type { EventEnvelope, HandlerTransaction } from "@mp/bus";
import type { PaymentUpdatedV1 } from "@mp/contracts";
import type { Queryable } from "@mp/db";
import type { Logger } from "@mp/logger";
import { describe, expect, it } from "vitest";
import { newPurchase, type Purchase } from "../domain/purchase";
import {
  ConcurrentPurchaseError,
  makeApplyPaymentUpdate,
  UnmatchedPaymentError,
} from "./apply-payment-update";
import type { PayableListing, PurchaseWrites, UnmatchedReason } from "./ports";

const ORG = "0193a1b2-0000-7000-8000-00000000000a";
const OTHER_ORG = "0193a1b2-0000-7000-8000-00000000000b";
const LISTING = "0193a1b2-0000-7000-8000-0000000000c1";
const NO_ITEM_LISTING = "0193a1b2-0000-7000-8000-0000000000c2";
const DEVICE = "0123456789abcdef";
const NOW = new Date("2026-11-28T20:00:00.000Z");
const PAID_AT = "2026-11-28T19:59:58.000Z";
const TX = { query: async () => ({ rows: [] }) } as unknown as Queryable;

const listing: PayableListing = {
  id: LISTING,
  marketplaceItemId: "0193a1b2-0000-7000-8000-0000000000a1",
  marketplaceInstanceId: "0193a1b2-0000-7000-8000-0000000000b1",
  providerOrganisationId: ORG.toUpperCase(),
  price: { amount: 2000, currency: "EUR" },
  disabled: false,
  item: { displayName: "Tracker" },
};

let sequence = 0;
const update = (fields: Partial<PaymentUpdatedV1> = {}): EventEnvelope<PaymentUpdatedV1> => {
  sequence += 1;
  return {
    id: `0193a1b2-0000-7000-8000-${String(sequence).padStart(12, "0")}`,
    type: "settlements.payment.updated.v1",
    source: "settlements",
    occurredAt: PAID_AT,
    data: {
      stripeEventId: `evt_${sequence}`,
      kind: "paid",
      paymentIntentId: "pi_1",
      listingId: LISTING,
      deviceId: DEVICE,
      amount: { amount: 2000, currency: "EUR" },
      livemode: false,
      occurredAt: PAID_AT,
      version: 1,
      ...fields,
    },
  };
};
const refund = (amountRefunded: number, version: number, intent = "pi_1") =>
  update({
    kind: "refunded",
    amountRefunded: { amount: amountRefunded, currency: "EUR" },
    version,
    paymentIntentId: intent,
  });

/** Stored purchases (by payment reference) and recorders of every port the handler writes to. */
function harness(
  options: { stored?: Purchase[]; owners?: Record<string, string | null>; lose?: boolean } = {},
) {
  const stored = new Map((options.stored ?? []).map((p) => [p.paymentReference, p]));
  const calls = {
    locked: [] as string[][],
    listingsAsked: [] as string[][],
    owners: [] as Array<[string, string]>,
    writes: [] as PurchaseWrites[],
    emitted: [] as Array<{ events: readonly EventEnvelope[]; traces: ReadonlyArray<Record<string, string>> }>,
    resolved: [] as string[][],
    recorded: [] as Array<[PaymentUpdatedV1, UnmatchedReason]>,
    unmatched: [] as UnmatchedReason[],
    held: [] as string[],
    warnings: [] as Array<[Record<string, unknown>, string]>,
  };
  let id = 0;
  const handler = makeApplyPaymentUpdate({
    listings: {
      withItems: async (_tx: Queryable, ids: string[]) => {
        calls.listingsAsked.push(ids);
        const known = new Map<string, PayableListing>([
          [LISTING, listing],
          [NO_ITEM_LISTING, { ...listing, id: NO_ITEM_LISTING, item: undefined }],
        ]);
        return new Map(ids.flatMap((i) => (known.has(i) ? [[i, known.get(i) as PayableListing]] : [])));
      },
    } as never,
    devices: {
      ownerOf: async (deviceId, requestId) => {
        calls.owners.push([deviceId, requestId]);
        const owner = options.owners ? options.owners[deviceId] : ORG;
        return owner ? { organisationId: owner, boardId: "b" } : null;
      },
    },
    purchases: {
      lockByPaymentReferences: async (_tx: Queryable, references: string[]) => {
        calls.locked.push(references);
        return new Map(references.flatMap((r) => (stored.has(r) ? [[r, stored.get(r) as Purchase]] : [])));
      },
      write: async (_tx: Queryable, writes: PurchaseWrites) => {
        calls.writes.push(writes);
        return new Set(options.lose ? [] : writes.inserts.map((p) => p.id));
      },
    } as never,
    unmatched: {
      record: async (u, reason) => {
        calls.recorded.push([u, reason]);
      },
      resolve: async (_tx, ids) => {
        calls.resolved.push(ids);
      },
    },
    unmatchedCounter: { add: (reason) => calls.unmatched.push(reason) },
    heldCounter: { add: (reason) => calls.held.push(reason) },
    logger: {
      warn: (fields: Record<string, unknown>, message: string) => calls.warnings.push([fields, message]),
    } as unknown as Logger,
    clock: { now: () => NOW },
    ids: { next: () => `0193a1b2-0000-7000-8000-${String(++id).padStart(12, "f")}` },
    emitIn: (tx) => async (events, traces) => {
      expect(tx).toBe(TX);
      calls.emitted.push({ events, traces });
    },
  });
  return { ...handler, calls };
}

/** A handler transaction whose before-commit tasks run when `commit` is called. */
function transaction() {
  const tasks: Array<() => Promise<void>> = [];
  const tx: HandlerTransaction = { beforeCommit: (task) => tasks.push(task) };
  return {
    tx,
    tasks,
    commit: async () => {
      for (const task of tasks) await task();
    },
  };
}

const existing = (over: Partial<Purchase> = {}): Purchase => ({
  ...newPurchase(
    {
      id: "0193a1b2-0000-7000-8000-0000000000d1",
      marketplaceItemId: listing.marketplaceItemId,
      displayName: "Tracker",
      listingId: LISTING,
      marketplaceInstanceId: listing.marketplaceInstanceId,
      providerOrganisationId: ORG,
      deviceId: DEVICE,
      amount: { amount: 2000, currency: "EUR" },
      livemode: false,
      purchasedAt: new Date(PAID_AT),
      paymentReference: "pi_1",
    },
    listing.price,
  ),
  ...over,
});

describe("a paid update", () => {
  it("makes one completed purchase attributed to the listing's item, instance and provider", async () => {
    const h = harness();
    const paid = update();
    await h.handle(paid, TX);
    expect(h.calls.owners).toEqual([[DEVICE, paid.id]]);
    expect(h.calls.writes).toHaveLength(1);
    const [writes] = h.calls.writes;
    expect(writes?.updates).toEqual([]);
    expect(writes?.inserts).toEqual([
      {
        id: "0193a1b2-0000-7000-8000-fffffffffff1",
        marketplaceItemId: listing.marketplaceItemId,
        displayName: "Tracker",
        listingId: LISTING,
        marketplaceInstanceId: listing.marketplaceInstanceId,
        providerOrganisationId: listing.providerOrganisationId,
        deviceId: DEVICE,
        amount: { amount: 2000, currency: "EUR" },
        amountRefunded: 0,
        status: "completed",
        disputeStatus: null,
        disputeVersion: 0,
        heldReason: null,
        livemode: false,
        purchasedAt: new Date(PAID_AT),
        paymentReference: "pi_1",
        version: 1,
      },
    ]);
    expect(writes?.history.map((h) => h.change)).toEqual([
      {
        kind: "purchase",
        amount: { amount: 2000, currency: "EUR" },
        stripeEventId: paid.data.stripeEventId,
        at: new Date(PAID_AT),
      },
    ]);
    expect(h.calls.held).toEqual([]);
    expect(h.calls.warnings).toEqual([]);
    expect(h.calls.resolved).toEqual([[paid.data.stripeEventId]]);
  });

  it("announces it through the outbox: purchases.purchase.created.v1 with the whole purchase and the change", async () => {
    const h = harness();
    const paid = update();
    await h.handle(paid, TX);
    expect(h.calls.emitted).toHaveLength(1);
    const [event] = h.calls.emitted[0]?.events ?? [];
    expect(event).toMatchObject({
      type: "purchases.purchase.created.v1",
      source: "purchases",
      occurredAt: NOW.toISOString(),
      data: {
        id: "0193a1b2-0000-7000-8000-fffffffffff1",
        marketplaceItemId: listing.marketplaceItemId,
        displayName: "Tracker",
        listingId: LISTING,
        marketplaceInstanceId: listing.marketplaceInstanceId,
        providerOrganisationId: listing.providerOrganisationId,
        deviceId: DEVICE,
        amount: { amount: 2000, currency: "EUR" },
        amountRefunded: { amount: 0, currency: "EUR" },
        status: "completed",
        heldReason: null,
        livemode: false,
        purchasedAt: PAID_AT,
        paymentReference: "pi_1",
        change: {
          kind: "purchase",
          amount: { amount: 2000, currency: "EUR" },
          stripeEventId: paid.data.stripeEventId,
          at: PAID_AT,
        },
        occurredAt: NOW.toISOString(),
        version: 1,
      },
    });
    // Each event carries the trace context captured where its handler ran (empty without a tracer).
    expect(h.calls.emitted[0]?.traces).toEqual([{}]);
  });

  it("names the item by its display name, or by nothing when the item has none", async () => {
    const h = harness();
    listing.item = { displayName: null };
    try {
      await h.handle(update(), TX);
    } finally {
      listing.item = { displayName: "Tracker" };
    }
    expect(h.calls.writes[0]?.inserts[0]?.displayName).toBe("");
  });

  it("asks for the listings of paid updates with metadata only, each once, and locks each intent once", async () => {
    const h = harness({ stored: [existing({ paymentReference: "pi_2" })] });
    const t = transaction();
    await h.handle(update(), TX, t.tx);
    await h.handle(
      update({
        paymentIntentId: "pi_3",
        deviceId: undefined,
        listingId: "0193a1b2-0000-7000-8000-0000000000c9",
      }),
      TX,
      t.tx,
    );
    await h.handle(refund(100, 2, "pi_2"), TX, t.tx);
    await h.handle(
      { ...refund(200, 3, "pi_2"), data: { ...refund(200, 3, "pi_2").data, listingId: NO_ITEM_LISTING } },
      TX,
      t.tx,
    );
    await expect(t.commit()).rejects.toMatchObject({ reason: "missing-metadata" });
    expect(h.calls.locked).toEqual([["pi_1", "pi_3", "pi_2"]]);
    expect(h.calls.listingsAsked).toEqual([[LISTING]]);
  });
});

describe("a payment that does not match the listing's price", () => {
  it("makes a held purchase, counted, logged and announced with its reason", async () => {
    const h = harness();
    await h.handle(update({ amount: { amount: 2500, currency: "EUR" } }), TX);
    const made = h.calls.writes[0]?.inserts[0];
    expect(made).toMatchObject({ status: "held", heldReason: "amount-mismatch", amount: { amount: 2500 } });
    expect(h.calls.held).toEqual(["amount-mismatch"]);
    expect(h.calls.warnings).toEqual([
      [
        {
          purchaseId: made?.id,
          paymentIntentId: "pi_1",
          listingId: LISTING,
          paid: { amount: 2500, currency: "EUR" },
          reason: "amount-mismatch",
        },
        "payment does not match the listing's price; purchase held",
      ],
    ]);
    expect(h.calls.emitted[0]?.events[0]?.data).toMatchObject({
      status: "held",
      heldReason: "amount-mismatch",
    });
  });

  it("another currency: currency-mismatch", async () => {
    const h = harness();
    await h.handle(update({ amount: { amount: 2000, currency: "USD" } }), TX);
    expect(h.calls.held).toEqual(["currency-mismatch"]);
  });

  it("is not counted when a concurrent transaction made the purchase first", async () => {
    const h = harness({ lose: true });
    await h.handle(update({ amount: { amount: 2500, currency: "EUR" } }), TX);
    expect(h.calls.held).toEqual([]);
    expect(h.calls.emitted).toEqual([]);
  });
});

describe("updates that cannot be matched (yet)", () => {
  const reasonOf = async (h: ReturnType<typeof harness>, u: EventEnvelope<PaymentUpdatedV1>) => {
    const error = await h.handle(u, TX).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UnmatchedPaymentError);
    expect(h.calls.writes).toEqual([]);
    return (error as UnmatchedPaymentError).reason;
  };

  it("a refund or dispute of a payment with no purchase: no-purchase", async () => {
    expect(await reasonOf(harness(), refund(500, 2))).toBe("no-purchase");
    expect(await reasonOf(harness(), update({ kind: "dispute-created", disputeStatus: "open" }))).toBe(
      "no-purchase",
    );
  });

  it("a paid update without the listing or the device: missing-metadata", async () => {
    expect(await reasonOf(harness(), update({ listingId: undefined }))).toBe("missing-metadata");
    expect(await reasonOf(harness(), update({ deviceId: undefined }))).toBe("missing-metadata");
  });

  it("a listing or item not known yet: unknown-listing, unknown-item", async () => {
    expect(await reasonOf(harness(), update({ listingId: "0193a1b2-0000-7000-8000-0000000000c9" }))).toBe(
      "unknown-listing",
    );
    expect(await reasonOf(harness(), update({ listingId: NO_ITEM_LISTING }))).toBe("unknown-item");
  });

  it("a device the listing's provider does not own, or one the platform does not know: device-not-owned", async () => {
    expect(await reasonOf(harness({ owners: { [DEVICE]: OTHER_ORG } }), update())).toBe("device-not-owned");
    expect(await reasonOf(harness({ owners: { [DEVICE]: null } }), update())).toBe("device-not-owned");
  });

  it("the failure report records, counts and logs an unmatched update, and nothing else", async () => {
    const h = harness();
    const u = update({ listingId: undefined });
    await h.unmatched(u, new UnmatchedPaymentError("missing-metadata"));
    expect(h.calls.recorded).toEqual([[u.data, "missing-metadata"]]);
    expect(h.calls.unmatched).toEqual(["missing-metadata"]);
    expect(h.calls.warnings).toEqual([
      [
        {
          eventId: u.id,
          stripeEventId: u.data.stripeEventId,
          paymentIntentId: "pi_1",
          kind: "paid",
          listingId: undefined,
          reason: "missing-metadata",
        },
        "payment update unmatched; the bus retries it",
      ],
    ]);
    await h.unmatched(u, new Error("connection lost"));
    expect(h.calls.recorded).toHaveLength(1);
    expect(h.calls.unmatched).toHaveLength(1);
    expect(new UnmatchedPaymentError("unknown-item")).toMatchObject({
      name: "UnmatchedPaymentError",
      message: "payment update unmatched: unknown-item",
    });
  });
});

describe("updates of a purchase that exists", () => {
  it("a refund updates it, appends the history and announces purchases.purchase.refunded.v1 with the increment", async () => {
    const h = harness({
      stored: [existing({ amountRefunded: 500, status: "partially_refunded", version: 2 })],
    });
    const r = refund(1500, 3);
    await h.handle(r, TX);
    const [writes] = h.calls.writes;
    expect(writes?.inserts).toEqual([]);
    expect(writes?.updates).toEqual([
      expect.objectContaining({ amountRefunded: 1500, status: "partially_refunded", version: 3 }),
    ]);
    expect(writes?.history).toHaveLength(1);
    expect(h.calls.emitted[0]?.events[0]).toMatchObject({
      type: "purchases.purchase.refunded.v1",
      data: {
        amountRefunded: { amount: 1500, currency: "EUR" },
        change: {
          kind: "refund",
          amount: { amount: 1000, currency: "EUR" },
          stripeEventId: r.data.stripeEventId,
        },
        version: 3,
      },
    });
    expect(h.calls.resolved).toEqual([[r.data.stripeEventId]]);
  });

  it("a dispute is announced as purchases.purchase.dispute-updated.v1", async () => {
    const h = harness({ stored: [existing()] });
    await h.handle(update({ kind: "dispute-created", disputeStatus: "open", version: 2 }), TX);
    expect(h.calls.emitted[0]?.events[0]).toMatchObject({
      type: "purchases.purchase.dispute-updated.v1",
      data: { status: "disputed", change: { kind: "dispute-opened" } },
    });
  });

  it("a repeated paid update writes nothing, announces nothing, and still resolves its unmatched row", async () => {
    const h = harness({ stored: [existing()] });
    const again = update();
    await h.handle(again, TX);
    expect(h.calls.writes).toEqual([{ inserts: [], updates: [], history: [] }]);
    expect(h.calls.emitted).toEqual([]);
    expect(h.calls.owners).toEqual([]);
    expect(h.calls.resolved).toEqual([[again.data.stripeEventId]]);
  });
});

describe("the updates of one handler transaction", () => {
  it("are applied together before the commit, each seeing what the earlier ones made", async () => {
    const h = harness();
    const t = transaction();
    const paid = update();
    const partial = refund(500, 2);
    await h.handle(paid, TX, t.tx);
    await h.handle(partial, TX, t.tx);
    expect(t.tasks).toHaveLength(1);
    expect(h.calls.writes).toEqual([]);
    await t.commit();
    const [writes] = h.calls.writes;
    expect(writes?.inserts).toEqual([
      expect.objectContaining({ status: "partially_refunded", amountRefunded: 500, version: 2 }),
    ]);
    expect(writes?.updates).toEqual([]);
    expect(writes?.history.map((e) => [e.change.kind, e.purchase.version])).toEqual([
      ["purchase", 1],
      ["refund", 2],
    ]);
    expect(h.calls.emitted).toHaveLength(1);
    expect(h.calls.emitted[0]?.events.map((e) => e.type)).toEqual([
      "purchases.purchase.created.v1",
      "purchases.purchase.refunded.v1",
    ]);
    expect(h.calls.emitted[0]?.traces).toHaveLength(2);
    expect(h.calls.resolved).toEqual([[paid.data.stripeEventId, partial.data.stripeEventId]]);
  });

  it("write a stored purchase changed twice once, as the last change left it", async () => {
    const h = harness({ stored: [existing()] });
    const t = transaction();
    await h.handle(refund(500, 2), TX, t.tx);
    await h.handle(refund(2000, 3), TX, t.tx);
    await t.commit();
    expect(h.calls.writes[0]?.updates).toEqual([
      expect.objectContaining({ status: "refunded", amountRefunded: 2000, version: 3 }),
    ]);
    expect(h.calls.writes[0]?.inserts).toEqual([]);
  });

  it("are rolled back when a purchase of the batch was made by a concurrent transaction", async () => {
    const h = harness({ lose: true });
    const t = transaction();
    await h.handle(update(), TX, t.tx);
    await h.handle(refund(500, 2), TX, t.tx);
    await expect(t.commit()).rejects.toBeInstanceOf(ConcurrentPurchaseError);
    expect(h.calls.emitted).toEqual([]);
    expect(new ConcurrentPurchaseError("x").name).toBe("ConcurrentPurchaseError");
  });

  it("keep separate transactions apart", async () => {
    const h = harness();
    const a = transaction();
    const b = transaction();
    await h.handle(update(), TX, a.tx);
    await h.handle(update({ paymentIntentId: "pi_2" }), TX, b.tx);
    expect([a.tasks.length, b.tasks.length]).toEqual([1, 1]);
    await a.commit();
    expect(h.calls.writes[0]?.inserts.map((p) => p.paymentReference)).toEqual(["pi_1"]);
  });
});
