import { ensureStream, newEvent } from "@mp/bus";
import {
  instanceCreatedV1,
  itemPriceSetV1,
  itemPublishedV1,
  ownerOfSubject,
  type Principal,
  type PurchaseSnapshotV1,
  purchaseCreatedV1,
  purchaseDisputeUpdatedV1,
  purchaseRefundedV1,
  STREAMS,
  type StatementsProto,
} from "@mp/contracts";
import { createUnaryClient, loadProto } from "@mp/grpc";
import { testLogger } from "@mp/logger";
import { type RunningService, startService } from "@mp/runtime";
import { ephemeralMesh, freshInfra, type TestInfra, type TestMesh, waitFor } from "@mp/testing";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settlementsService } from "./module";
import { settlementsEnv } from "./testing/settlements-env";

const org = (n: number) => `0193a1b2-0000-7000-8000-0000000000${n.toString(16).padStart(2, "0")}`;
const DEV_ORG = org(0xd1);
const PROV_ORG = org(0xb1);
const developer: Principal = { subject: "dev-1", organisationId: DEV_ORG, roles: ["developer"], via: "jwt" };
const provider: Principal = { subject: "prov-1", organisationId: PROV_ORG, roles: ["provider"], via: "jwt" };
/** The instance's owner: an admin, but not of the platform's organisation. */
const admin: Principal = { subject: "admin-1", organisationId: org(0xa1), roles: ["admin"], via: "jwt" };
/** An admin of the developer organisation: reads its own statements, pays none. */
const devAdmin: Principal = { ...developer, subject: "dev-admin", roles: ["developer", "admin"] };
const OPERATOR_ORG = org(0x0e);
/** An admin of `PLATFORM_ORGANISATION_ID`: the platform operator. */
const operator: Principal = {
  subject: "operator-1",
  organisationId: OPERATOR_ORG,
  roles: ["admin"],
  via: "jwt",
};
/** A member of the operator's organisation without the admin role: no platform-wide power. */
const operatorMember: Principal = {
  ...operator,
  subject: "operator-member",
  roles: ["developer", "provider"],
};
const instanceId = uuidv7();
const proto = loadProto<StatementsProto>("marketplace/settlements/v1/statements.proto").marketplace
  .settlements.v1;

let infra: TestInfra;
let mesh: TestMesh;
let svc: RunningService;
let c: ReturnType<typeof client>;
const client = () =>
  createUnaryClient(proto.StatementsService, `127.0.0.1:${svc.grpcPort}`, {
    upstream: "settlements",
    identity: mesh.gateway,
  });
const as = (principal: Principal) => ({ principal, requestId: "r" });

/** Publishes an envelope; `msgId` other than the event id slips a duplicate past JetStream's own dedup. */
async function publish(
  type: string,
  data: unknown,
  envelope = newEvent(type, ownerOfSubject(type) ?? "test", data),
  msgId = envelope.id,
) {
  await svc.bus.js.publish(svc.bus.subject(type), JSON.stringify(envelope), { msgID: msgId });
  return envelope;
}

const item = (
  itemId: string,
  version: number,
  basePrice: { amount: number; currency: string },
  occurredAt: string,
) => ({
  itemId,
  organisationId: DEV_ORG,
  marketplaceInstanceId: instanceId,
  infuseIotApplicationId: 7,
  type: "app",
  status: "published",
  displayName: "Thermo",
  description: null,
  algorithmType: null,
  licenseUrl: null,
  eulaUrl: null,
  iconAssetId: null,
  imageAssetIds: [],
  basePrice,
  latestVersion: "1.0.0+00000001",
  publishedAt: occurredAt,
  occurredAt,
  version,
});

function purchase(
  id: string,
  itemId: string,
  version: number,
  change: { kind: PurchaseSnapshotV1["change"]["kind"]; amount: number; at: string },
  fields: { gross?: number; currency?: string; purchasedAt: string },
): PurchaseSnapshotV1 {
  const currency = (fields.currency ?? "EUR") as PurchaseSnapshotV1["amount"]["currency"];
  return {
    id,
    marketplaceItemId: itemId,
    displayName: "Thermo",
    listingId: uuidv7(),
    marketplaceInstanceId: instanceId,
    providerOrganisationId: PROV_ORG,
    deviceId: "0123456789abcdef",
    amount: { amount: fields.gross ?? 1999, currency },
    amountRefunded: { amount: 0, currency },
    status: "completed",
    livemode: false,
    purchasedAt: fields.purchasedAt,
    paymentReference: `pi_${id}`,
    change: {
      kind: change.kind,
      amount: { amount: change.amount, currency },
      stripeEventId: `evt_${uuidv7()}`,
      at: change.at,
    },
    occurredAt: change.at,
    version,
  };
}

const typeOf = (kind: PurchaseSnapshotV1["change"]["kind"]) =>
  kind === "purchase"
    ? purchaseCreatedV1.type
    : kind === "refund"
      ? purchaseRefundedV1.type
      : purchaseDisputeUpdatedV1.type;
const sendPurchase = (p: PurchaseSnapshotV1) => publish(typeOf(p.change.kind), p);

interface TxRow {
  kind: string;
  gross: string;
  platform_fee: string;
  developer_share: string;
  provider_share: string;
}
const movements = async (purchaseId: string) =>
  (
    await svc.pool.query<TxRow>(
      "SELECT kind, gross, platform_fee, developer_share, provider_share FROM ledger_transactions WHERE purchase_id = $1 ORDER BY seq",
      [purchaseId],
    )
  ).rows.map((r) => [
    r.kind,
    Number(r.gross),
    Number(r.platform_fee),
    Number(r.developer_share),
    Number(r.provider_share),
  ]);
const waitMovements = (purchaseId: string, count: number, timeoutMs = 15_000) =>
  waitFor(
    async () => {
      const rows = await movements(purchaseId);
      return rows.length >= count ? rows : undefined;
    },
    { what: `${count} movements of ${purchaseId}`, timeoutMs },
  );
const cursorAt = (purchaseId: string, version: number) =>
  waitFor(
    async () => {
      const { rows } = await svc.pool.query<{ version: number }>(
        "SELECT version FROM ledger_purchases WHERE purchase_id = $1",
        [purchaseId],
      );
      return (rows[0]?.version ?? 0) >= version ? true : undefined;
    },
    { what: `purchase ${purchaseId} at version ${version}`, timeoutMs: 15_000 },
  );

const statementOf = async (organisationId: string, role: string, month: string) =>
  (
    await svc.pool.query<{ id: string }>(
      "SELECT id FROM statements WHERE organisation_id = $1 AND role = $2 AND period_start = $3 AND livemode = false",
      [organisationId, role, month],
    )
  ).rows[0]?.id;

beforeAll(async () => {
  infra = await freshInfra("settlements");
  mesh = await ephemeralMesh();
  svc = await startService(
    settlementsService,
    settlementsEnv(infra, mesh, "whsec_int_ledger_0000000000000000", {
      PLATFORM_ORGANISATION_ID: OPERATOR_ORG.toUpperCase(),
    }),
    { logger: testLogger("settlements") },
  );
  for (const stream of [STREAMS.PUBLISHING, STREAMS.CATALOGUE, STREAMS.PURCHASES])
    await ensureStream(svc.bus, { name: stream.name, subjects: [...stream.subjects] });
  c = client();
  await publish(instanceCreatedV1.type, {
    id: instanceId,
    name: "Main",
    ownerOrganisationId: admin.organisationId,
    defaultCurrency: "EUR",
    platformFeeBps: 1000,
    createdAt: "2025-01-01T00:00:00.000Z",
    version: 1,
  });
  await waitFor(
    async () =>
      (await svc.pool.query("SELECT 1 FROM ledger_instance_fees WHERE instance_id = $1", [instanceId]))
        .rowCount
        ? true
        : undefined,
    { what: "the instance" },
  );
}, 60_000);

afterAll(async () => {
  c?.close();
  await svc?.stop();
  await infra?.cleanup();
});

describe("the ledger and statements (real PostgreSQL and NATS)", () => {
  const itemId = uuidv7();
  const jan = uuidv7();
  const feb = uuidv7();

  it("records a sale with the base price in force at purchase time, once however often the event comes", async () => {
    await publish(
      itemPublishedV1.type,
      item(itemId, 1, { amount: 1000, currency: "EUR" }, "2025-06-01T00:00:00.000Z"),
    );
    await publish(
      itemPriceSetV1.type,
      item(itemId, 2, { amount: 1200, currency: "EUR" }, "2026-02-10T00:00:00.000Z"),
    );
    await waitFor(
      async () =>
        (await svc.pool.query("SELECT 1 FROM ledger_item_prices WHERE item_id = $1", [itemId])).rowCount === 2
          ? true
          : undefined,
      { what: "the item's prices" },
    );

    const sale = purchase(
      jan,
      itemId,
      1,
      { kind: "purchase", amount: 1999, at: "2026-01-15T10:00:00.000Z" },
      { purchasedAt: "2026-01-15T10:00:00.000Z" },
    );
    const envelope = await sendPurchase(sale);
    // 10% of 1999 = 199.9 -> 200; developer 1000 (January's base price); provider the rest
    expect(await waitMovements(jan, 1)).toEqual([["sale", 1999, 200, 1000, 799]]);
    // the same event again (past JetStream's dedup), and the same version as another event: no second movement
    await publish(envelope.type, envelope.data, envelope, uuidv7());
    await sendPurchase(sale);
    const sale2 = purchase(
      feb,
      itemId,
      1,
      { kind: "purchase", amount: 2500, at: "2026-02-20T10:00:00.000Z" },
      { gross: 2500, purchasedAt: "2026-02-20T10:00:00.000Z" },
    );
    await sendPurchase(sale2);
    // February's price is 1200
    expect(await waitMovements(feb, 1)).toEqual([["sale", 2500, 250, 1200, 1050]]);
    expect(await movements(jan)).toHaveLength(1);

    const entries = await svc.pool.query<{
      party: string;
      amount: string;
      line_kind: string | null;
      statement_id: string | null;
    }>(
      `SELECT e.party, e.amount, e.line_kind, e.statement_id FROM ledger_entries e
         JOIN ledger_transactions t ON t.id = e.transaction_id WHERE t.purchase_id = $1 ORDER BY e.party`,
      [jan],
    );
    expect(entries.rows.map((r) => [r.party, Number(r.amount), r.line_kind])).toEqual([
      ["developer", 1000, "sale"],
      ["platform", 200, null],
      ["provider", 799, "sale"],
    ]);
    expect(entries.rows[0]?.statement_id).toBe(
      await statementOf(DEV_ORG, "developer", "2026-01-01T00:00:00Z"),
    );
    expect(entries.rows[2]?.statement_id).toBe(
      await statementOf(PROV_ORG, "provider", "2026-01-01T00:00:00Z"),
    );
  });

  it("reverses a refund in proportion (largest remainder), in the statement of its month", async () => {
    await sendPurchase(
      purchase(
        jan,
        itemId,
        2,
        { kind: "refund", amount: 1000, at: "2026-01-20T10:00:00.000Z" },
        { purchasedAt: "2026-01-15T10:00:00.000Z" },
      ),
    );
    const rows = await waitMovements(jan, 2);
    // 1000 * (200, 1000, 799) / 1999 = 100.05, 500.25, 399.70 -> 100, 500, 400
    expect(rows[1]).toEqual(["refund", -1000, -100, -500, -400]);
    const id = await statementOf(DEV_ORG, "developer", "2026-01-01T00:00:00Z");
    const got = await c.call("getStatement", { statementId: id ?? "" }, as(developer));
    expect(got.statement?.totals).toMatchObject({
      grossSales: "1999",
      refunds: "1000",
      platformFees: "100",
      net: "500",
    });
    expect(got.statement?.lineCount).toBe(2);
    expect(got.lines.map((l) => [l.kind, Number(l.gross), Number(l.platformFee), Number(l.share)])).toEqual([
      ["sale", 1999, 200, 1000],
      ["refund", -1000, -100, -500],
    ]);
  });

  it("waits for an item it does not know yet instead of guessing a price", async () => {
    const lateItem = uuidv7();
    const p = uuidv7();
    await sendPurchase(
      purchase(
        p,
        lateItem,
        1,
        { kind: "purchase", amount: 3000, at: "2026-02-05T10:00:00.000Z" },
        { gross: 3000, purchasedAt: "2026-02-05T10:00:00.000Z" },
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(await movements(p)).toEqual([]);
    await publish(
      itemPublishedV1.type,
      item(lateItem, 1, { amount: 500, currency: "EUR" }, "2025-12-01T00:00:00.000Z"),
    );
    expect(await waitMovements(p, 1, 20_000)).toEqual([["sale", 3000, 300, 500, 2200]]);
  }, 30_000);

  it("dead-letters a sale whose currency is not the base price's, writing no entries", async () => {
    const p = uuidv7();
    const envelope = await sendPurchase(
      purchase(
        p,
        itemId,
        1,
        { kind: "purchase", amount: 2000, at: "2026-02-06T10:00:00.000Z" },
        { gross: 2000, currency: "USD", purchasedAt: "2026-02-06T10:00:00.000Z" },
      ),
    );
    await waitFor(
      async () =>
        (await svc.pool.query("SELECT 1 FROM dead_letters WHERE event_id = $1", [envelope.id])).rowCount
          ? true
          : undefined,
      { what: "the dead letter" },
    );
    expect(await movements(p)).toEqual([]);
  });

  const deadLettered = (eventId: string) =>
    waitFor(
      async () =>
        (await svc.pool.query("SELECT 1 FROM dead_letters WHERE event_id = $1", [eventId])).rowCount
          ? true
          : undefined,
      { what: `the dead letter of ${eventId}`, timeoutMs: 20_000 },
    );

  it("refuses a sale that would leave a share below zero: dead-lettered, no entries, its refund not booked either", async () => {
    // Base price 1000 in force on Feb 6th, fee 10 %: a price of 1000 leaves the provider -100.
    const p = uuidv7();
    const at = "2026-02-06T11:00:00.000Z";
    const sale = await sendPurchase(
      purchase(p, itemId, 1, { kind: "purchase", amount: 1000, at }, { gross: 1000, purchasedAt: at }),
    );
    await deadLettered(sale.id);
    const refund = await sendPurchase(
      purchase(
        p,
        itemId,
        2,
        { kind: "refund", amount: 400, at: "2026-02-07T11:00:00.000Z" },
        { gross: 1000, purchasedAt: at },
      ),
    );
    await deadLettered(refund.id);
    expect(await movements(p)).toEqual([]);
    const { rows } = await svc.pool.query(
      "SELECT version, rejected FROM ledger_purchases WHERE purchase_id = $1",
      [p],
    );
    expect(rows).toEqual([{ version: 2, rejected: true }]);
    const reason = await svc.pool.query<{ error: string }>(
      "SELECT error FROM dead_letters WHERE event_id = $1",
      [sale.id],
    );
    expect(reason.rows[0]?.error).toContain("below zero");
  });

  it("books nothing of a held purchase (its payment was not the listing's price), and dead-letters nothing", async () => {
    const p = uuidv7();
    const at = "2026-02-06T12:00:00.000Z";
    const held = (version: number, change: Parameters<typeof purchase>[3]) => ({
      ...purchase(p, itemId, version, change, { gross: 2500, purchasedAt: at }),
      status: version < 3 ? ("held" as const) : ("refunded" as const),
      heldReason: "amount-mismatch" as const,
    });
    const events = [
      await sendPurchase(held(1, { kind: "purchase", amount: 2500, at })),
      await sendPurchase(held(2, { kind: "refund", amount: 500, at: "2026-02-07T12:00:00.000Z" })),
      await sendPurchase(held(3, { kind: "refund", amount: 2000, at: "2026-02-08T12:00:00.000Z" })),
    ];
    await cursorAt(p, 3);
    expect(await movements(p)).toEqual([]);
    const letters = await svc.pool.query("SELECT 1 FROM dead_letters WHERE event_id = ANY($1::text[])", [
      events.map((e) => e.id),
    ]);
    expect(letters.rowCount).toBe(0);
    // The same sale, paid at the price, is booked.
    const paid = uuidv7();
    await sendPurchase(
      purchase(paid, itemId, 1, { kind: "purchase", amount: 2500, at }, { gross: 2500, purchasedAt: at }),
    );
    expect(await waitMovements(paid, 1)).toEqual([["sale", 2500, 250, 1000, 1250]]);
  });

  it("closes January in one batch however often it is asked; a late refund lands in the next open statement as an adjustment", async () => {
    await expect(
      c.call(
        "closeStatementPeriod",
        { periodStartUtc: "2026-01-01T00:00:00Z", periodEndUtc: "2026-01-15T00:00:00Z", livemode: false },
        as(operator),
      ),
    ).rejects.toMatchObject({ code: "validation-failed" });
    // closing is the platform operator's: an admin of another organisation (the instance's owner
    // included) or a non-admin of the operator's organisation is refused
    for (const refused of [developer, admin, devAdmin, operatorMember])
      await expect(
        c.call(
          "closeStatementPeriod",
          { periodStartUtc: "2026-01-01T00:00:00Z", periodEndUtc: "2026-02-01T00:00:00Z", livemode: false },
          as(refused),
        ),
      ).rejects.toMatchObject({ code: "forbidden" });
    expect((await svc.pool.query("SELECT 1 FROM statement_batches")).rowCount).toBe(0);
    const first = await c.call(
      "closeStatementPeriod",
      { periodStartUtc: "2026-01-01T00:00:00Z", periodEndUtc: "2026-02-01T00:00:00Z", livemode: false },
      as(operator),
    );
    expect(first.statementCount).toBe(2);
    const again = await c.call(
      "closeStatementPeriod",
      { periodStartUtc: "2026-01-01T00:00:00+00:00", periodEndUtc: "2026-02-01T00:00:00Z", livemode: false },
      as(operator),
    );
    expect(again).toEqual(first);
    expect((await svc.pool.query("SELECT 1 FROM statement_batches")).rowCount).toBe(1);
    const listed = await c.call(
      "listStatements",
      { role: "any", status: "finalized", batchId: first.batchId },
      as(operator),
    );
    expect(listed.totalCount).toBe(2);

    const janDev = await statementOf(DEV_ORG, "developer", "2026-01-01T00:00:00Z");
    const before = await c.call("getStatement", { statementId: janDev ?? "" }, as(developer));
    expect(before.statement?.status).toBe("finalized");
    // a refund dated in January arrives after the close
    await sendPurchase(
      purchase(
        jan,
        itemId,
        3,
        { kind: "refund", amount: 500, at: "2026-01-25T10:00:00.000Z" },
        { purchasedAt: "2026-01-15T10:00:00.000Z" },
      ),
    );
    const rows = await waitMovements(jan, 3);
    expect(rows[2]).toEqual(["refund", -500, -50, -250, -200]);
    const after = await c.call("getStatement", { statementId: janDev ?? "" }, as(developer));
    expect(after.statement?.totals).toEqual(before.statement?.totals);
    expect(after.lines).toHaveLength(2);
    const febDev = await statementOf(DEV_ORG, "developer", "2026-02-01T00:00:00Z");
    const febStatement = await c.call("getStatement", { statementId: febDev ?? "" }, as(developer));
    const adjustment = febStatement.lines.find((l) => l.purchaseId === jan);
    expect(adjustment).toMatchObject({
      kind: "adjustment",
      gross: "-500",
      platformFee: "-50",
      share: "-250",
      occurredAt: "2026-01-25T10:00:00.000Z",
    });
  });

  it("a lost dispute reverses exactly what is left; a won one moves nothing", async () => {
    const at = "2026-02-22T10:00:00.000Z";
    await sendPurchase(
      purchase(
        feb,
        itemId,
        2,
        { kind: "dispute-opened", amount: 2500, at },
        { gross: 2500, purchasedAt: "2026-02-20T10:00:00.000Z" },
      ),
    );
    await sendPurchase(
      purchase(
        feb,
        itemId,
        3,
        { kind: "dispute-won", amount: 2500, at },
        { gross: 2500, purchasedAt: "2026-02-20T10:00:00.000Z" },
      ),
    );
    await cursorAt(feb, 3);
    expect(await movements(feb)).toHaveLength(1);
    await sendPurchase(
      purchase(
        jan,
        itemId,
        4,
        { kind: "dispute-lost", amount: 1999, at: "2026-02-23T10:00:00.000Z" },
        { purchasedAt: "2026-01-15T10:00:00.000Z" },
      ),
    );
    const rows = await waitMovements(jan, 4);
    // left: 1999 - 1000 - 500 = 499 = 50 / 250 / 199
    expect(rows[3]).toEqual(["dispute", -499, -50, -250, -199]);
    const totals = [1, 2, 3, 4].map((column) => rows.reduce((sum, r) => sum + Number(r[column]), 0));
    expect(totals).toEqual([0, 0, 0, 0]);
  });

  it("statement totals are the sums of their entries", async () => {
    const { rows } = await svc.pool.query<{
      id: string;
      organisation_id: string;
      share_sum: string;
      gross_sum: string;
    }>(
      `SELECT s.id, s.organisation_id,
              (SELECT COALESCE(sum(e.amount), 0) FROM ledger_entries e WHERE e.statement_id = s.id) AS share_sum,
              (SELECT COALESCE(sum(t.gross), 0) FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id WHERE e.statement_id = s.id) AS gross_sum
         FROM statements s`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const row of rows) {
      const owner = row.organisation_id === DEV_ORG ? developer : provider;
      const got = await c.call("getStatement", { statementId: row.id }, as(owner));
      const t = got.statement?.totals;
      expect(Number(t?.net)).toBe(Number(row.share_sum));
      expect(Number(t?.grossSales) - Number(t?.refunds)).toBe(Number(row.gross_sum));
    }
  });

  it("marks a finalized statement paid (again: unchanged), refuses an open one; the operator only", async () => {
    const janDev = (await statementOf(DEV_ORG, "developer", "2026-01-01T00:00:00Z")) ?? "";
    const febDev = (await statementOf(DEV_ORG, "developer", "2026-02-01T00:00:00Z")) ?? "";
    // not a non-admin, not the admin of the statement's own organisation, not an admin of another one
    for (const refused of [developer, devAdmin, admin, operatorMember])
      await expect(c.call("markStatementPaid", { statementId: janDev }, as(refused))).rejects.toMatchObject({
        code: "forbidden",
      });
    expect((await c.call("getStatement", { statementId: janDev }, as(developer))).statement?.status).toBe(
      "finalized",
    );
    // the platform operator pays any organisation's statement
    const paid = await c.call("markStatementPaid", { statementId: janDev }, as(operator));
    expect(paid.status).toBe("paid");
    expect(paid.paidAt).not.toBe("");
    const twice = await c.call("markStatementPaid", { statementId: janDev }, as(operator));
    expect(twice).toEqual(paid);
    await expect(c.call("markStatementPaid", { statementId: febDev }, as(operator))).rejects.toMatchObject({
      code: "invalid-state",
    });
    await expect(c.call("markStatementPaid", { statementId: uuidv7() }, as(operator))).rejects.toMatchObject({
      code: "not-found",
    });
  });

  it("scopes statements to the caller's organisation: another's is 404, asking for another's list is 403, admins of other organisations included; the operator reaches all", async () => {
    const provJan = (await statementOf(PROV_ORG, "provider", "2026-01-01T00:00:00Z")) ?? "";
    const mine = await c.call("listStatements", { role: "any", status: "any" }, as(developer));
    expect(mine.totalCount).toBeGreaterThanOrEqual(2);
    expect(mine.items.every((s) => s.organisationId === DEV_ORG)).toBe(true);
    await expect(
      c.call("listStatements", { role: "any", status: "any", organisationId: PROV_ORG }, as(developer)),
    ).rejects.toMatchObject({ code: "forbidden" });
    await expect(c.call("getStatement", { statementId: provJan }, as(developer))).rejects.toMatchObject({
      code: "not-found",
    });
    expect(
      (await c.call("getStatement", { statementId: provJan.toUpperCase() }, as(provider))).statement?.id,
    ).toBe(provJan);
    // an admin of another organisation is no more than its member here: 404, 403, its own (none) listed
    for (const other of [admin, devAdmin, operatorMember]) {
      await expect(c.call("getStatement", { statementId: provJan }, as(other))).rejects.toMatchObject({
        code: "not-found",
      });
      await expect(
        c.call("listStatements", { role: "any", status: "any", organisationId: PROV_ORG }, as(other)),
      ).rejects.toMatchObject({ code: "forbidden" });
      const listed = await c.call("listStatements", { role: "any", status: "any" }, as(other));
      expect(listed.items.every((s) => s.organisationId === other.organisationId)).toBe(true);
    }
    // the platform operator reads another organisation's statement, lines included
    const read = await c.call("getStatement", { statementId: provJan }, as(operator));
    expect(read.statement?.organisationId).toBe(PROV_ORG);
    expect(read.lines.length).toBeGreaterThan(0);
    // and lists another organisation's statements
    const all = await c.call(
      "listStatements",
      { role: "provider", status: "any", organisationId: PROV_ORG },
      as(operator),
    );
    expect(all.items.map((s) => s.id)).toContain(provJan);
    expect(all.items.every((s) => s.role === "provider" && s.organisationId === PROV_ORG)).toBe(true);
    const everyone = await c.call("listStatements", { role: "any", status: "any" }, as(operator));
    expect(new Set(everyone.items.map((s) => s.organisationId))).toEqual(new Set([DEV_ORG, PROV_ORG]));
    const paidOnly = await c.call("listStatements", { role: "any", status: "paid" }, as(developer));
    expect(paidOnly.items.map((s) => s.status)).toEqual(["paid"]);
    await expect(
      c.call("listStatements", { role: "nobody", status: "any" }, as(developer)),
    ).rejects.toMatchObject({
      code: "validation-failed",
    });
  });

  it("with every later month closed, a late entry lands in the current month's statement as an adjustment", async () => {
    const closed = await c.call(
      "closeStatementPeriod",
      { periodStartUtc: "2026-02-01T00:00:00Z", periodEndUtc: "2026-03-01T00:00:00Z", livemode: false },
      as(operator),
    );
    expect(closed.statementCount).toBeGreaterThanOrEqual(2);
    await sendPurchase(
      purchase(
        feb,
        itemId,
        4,
        { kind: "refund", amount: 100, at: "2026-02-21T10:00:00.000Z" },
        { gross: 2500, purchasedAt: "2026-02-20T10:00:00.000Z" },
      ),
    );
    const rows = await waitMovements(feb, 2);
    // 100 * (250, 1200, 1050) / 2500 = 10, 48, 42
    expect(rows[1]).toEqual(["refund", -100, -10, -48, -42]);
    const now = new Date();
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
    const current = await statementOf(PROV_ORG, "provider", month);
    expect(current).toBeDefined();
    const got = await c.call("getStatement", { statementId: current ?? "" }, as(provider));
    expect(got.statement?.status).toBe("open");
    expect(got.lines.find((l) => l.purchaseId === feb)).toMatchObject({ kind: "adjustment", share: "-42" });
  });
});
