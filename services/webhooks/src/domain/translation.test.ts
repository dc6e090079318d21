import { describe, expect, it } from "vitest";
import { deliveryBody, TRANSLATIONS, translate } from "./translation";

const id = (n: number) => `0193a1b2-0000-7000-8000-00000000000${n}`;
const eur = (amount: number) => ({ amount, currency: "EUR" });
const purchase = (status: string, kind = "purchase") => ({
  id: id(1),
  marketplaceItemId: id(2),
  displayName: "Tracker",
  listingId: id(3),
  marketplaceInstanceId: id(4),
  providerOrganisationId: id(5),
  deviceId: "0123456789abcdef",
  amount: eur(2000),
  amountRefunded: eur(0),
  status,
  livemode: false,
  purchasedAt: "2026-11-22T00:00:00.000Z",
  paymentReference: "pi_secret_ref",
  change: { kind, amount: eur(2000), stripeEventId: "evt_1", at: "2026-11-22T00:00:00.000Z" },
  occurredAt: "2026-11-22T00:00:01.000Z",
  version: 1,
});
const install = (status: string) => ({
  installId: id(6),
  rpcId: "42",
  organisationId: id(7),
  deviceId: "0123456789abcdef",
  releaseId: "r1",
  status,
  detail: null,
  attemptCount: 1,
  changedAt: "2026-11-22T00:00:00.000Z",
  version: 2,
});
const statement = (status: string) => ({
  statementId: id(8),
  organisationId: id(9),
  role: "developer",
  currency: "EUR",
  livemode: false,
  periodStartUtc: "2026-10-01T00:00:00.000Z",
  periodEndUtc: "2026-11-01T00:00:00.000Z",
  batchId: id(1),
  status,
  occurredAt: "2026-11-02T00:00:00.000Z",
  version: 1,
});

describe("the translation table", () => {
  it("has one entry per bus event type webhooks are made from", () => {
    expect(Object.keys(TRANSLATIONS).sort()).toEqual([
      "iot.install.status-changed.v1",
      "publishing.item.published.v1",
      "purchases.purchase.created.v1",
      "purchases.purchase.dispute-updated.v1",
      "purchases.purchase.refunded.v1",
      "settlements.statement.closed.v1",
      "settlements.statement.paid.v1",
    ]);
  });

  it("sends purchases to the provider organisation, without the payment reference", () => {
    const completed = translate("purchases.purchase.created.v1", purchase("completed"));
    expect(completed).toMatchObject({ type: "purchase.completed", organisationId: id(5) });
    expect(completed?.data).toMatchObject({
      purchaseId: id(1),
      amount: eur(2000),
      deviceId: "0123456789abcdef",
    });
    expect(JSON.stringify(completed)).not.toContain("pi_secret_ref");
    expect(translate("purchases.purchase.refunded.v1", purchase("refunded", "refund"))?.type).toBe(
      "purchase.refunded",
    );
    expect(
      translate("purchases.purchase.dispute-updated.v1", purchase("disputed", "dispute-opened"))?.type,
    ).toBe("purchase.disputed");
  });

  it("makes no purchase.completed of a held purchase (its payment did not match the price)", () => {
    expect(translate("purchases.purchase.created.v1", purchase("held"))).toBeUndefined();
  });

  it("sends only finished installs, to the device's organisation", () => {
    expect(translate("iot.install.status-changed.v1", install("succeeded"))).toMatchObject({
      type: "install.succeeded",
      organisationId: id(7),
    });
    expect(translate("iot.install.status-changed.v1", install("failed"))?.type).toBe("install.failed");
    for (const status of ["queued", "sent", "cancelled", "expired", "already_installed"])
      expect(translate("iot.install.status-changed.v1", install(status))).toBeUndefined();
  });

  it("sends published items to the developer organisation and statements to their organisation", () => {
    const item = translate("publishing.item.published.v1", {
      itemId: id(2),
      organisationId: id(3),
      marketplaceInstanceId: id(4),
      type: "app",
      displayName: "Tracker",
      latestVersion: "1.0.0",
      basePrice: eur(100),
      publishedAt: "2026-11-22T00:00:00.000Z",
    });
    expect(item).toMatchObject({
      type: "item.published",
      organisationId: id(3),
      data: { marketplaceItemId: id(2) },
    });
    expect(translate("settlements.statement.closed.v1", statement("finalized"))).toMatchObject({
      type: "statement.closed",
      organisationId: id(9),
    });
    expect(translate("settlements.statement.paid.v1", statement("paid"))?.type).toBe("statement.paid");
  });

  it("ignores event types it has no entry for", () => {
    expect(translate("publishing.item.retired.v1", {})).toBeUndefined();
  });

  it("builds the body { id, type, createdAt, organisationId, data }", () => {
    const event = translate("settlements.statement.paid.v1", statement("paid"));
    if (!event) throw new Error("no event");
    expect(Object.keys(JSON.parse(deliveryBody(id(1), "2026-11-02T00:00:00.000Z", event)))).toEqual([
      "id",
      "type",
      "createdAt",
      "organisationId",
      "data",
    ]);
  });
});
