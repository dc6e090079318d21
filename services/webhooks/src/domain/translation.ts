import type {
  InstallStatusChangedV1,
  ItemSnapshotV1,
  PurchaseSnapshotV1,
  RolloutChangeV1,
  StatementLifecycleV1,
  WebhookEventType,
} from "@mp/contracts";

/** What one bus event becomes for webhooks: its type, the organisation it concerns and the public data. */
export interface WebhookEvent {
  type: WebhookEventType;
  organisationId: string;
  data: Record<string, unknown>;
}

/** One entry per bus event type: the webhook event it makes, or undefined when it makes none. */
export type Translation = (data: never) => WebhookEvent | undefined;

const purchaseData = (p: PurchaseSnapshotV1) => ({
  purchaseId: p.id,
  marketplaceItemId: p.marketplaceItemId,
  displayName: p.displayName,
  listingId: p.listingId,
  marketplaceInstanceId: p.marketplaceInstanceId,
  deviceId: p.deviceId,
  amount: p.amount,
  amountRefunded: p.amountRefunded,
  status: p.status,
  livemode: p.livemode,
  purchasedAt: p.purchasedAt,
  change: { kind: p.change.kind, amount: p.change.amount, at: p.change.at },
});

const toProvider = (type: WebhookEventType, p: PurchaseSnapshotV1): WebhookEvent => ({
  type,
  organisationId: p.providerOrganisationId,
  data: purchaseData(p),
});

const installData = (i: InstallStatusChangedV1) => ({
  installId: i.installId,
  rpcId: i.rpcId,
  deviceId: i.deviceId,
  releaseId: i.releaseId,
  status: i.status,
  detail: i.detail,
  attemptCount: i.attemptCount,
  changedAt: i.changedAt,
});

const statementData = (s: StatementLifecycleV1) => ({
  statementId: s.statementId,
  batchId: s.batchId,
  role: s.role,
  currency: s.currency,
  livemode: s.livemode,
  periodStartUtc: s.periodStartUtc,
  periodEndUtc: s.periodEndUtc,
  status: s.status,
});

const rolloutData = (r: RolloutChangeV1) => ({
  rolloutId: r.rolloutId,
  marketplaceItemId: r.marketplaceItemId,
  version: r.version,
  status: r.status,
  counts: r.counts,
  occurredAt: r.occurredAt,
});

/** The translation table, keyed by the bus event type: a new webhook event is one more entry. */
export const TRANSLATIONS: Record<string, Translation> = {
  // A held purchase (payment not matching the price) was never delivered: not `completed`.
  "purchases.purchase.created.v1": (p: PurchaseSnapshotV1) =>
    p.status === "completed" ? toProvider("purchase.completed", p) : undefined,
  "purchases.purchase.refunded.v1": (p: PurchaseSnapshotV1) => toProvider("purchase.refunded", p),
  "purchases.purchase.dispute-updated.v1": (p: PurchaseSnapshotV1) => toProvider("purchase.disputed", p),
  "iot.install.status-changed.v1": (i: InstallStatusChangedV1) =>
    i.status === "succeeded"
      ? { type: "install.succeeded", organisationId: i.organisationId, data: installData(i) }
      : i.status === "failed"
        ? { type: "install.failed", organisationId: i.organisationId, data: installData(i) }
        : undefined,
  "publishing.item.published.v1": (item: ItemSnapshotV1) => ({
    type: "item.published",
    organisationId: item.organisationId,
    data: {
      marketplaceItemId: item.itemId,
      marketplaceInstanceId: item.marketplaceInstanceId,
      type: item.type,
      displayName: item.displayName,
      latestVersion: item.latestVersion,
      basePrice: item.basePrice,
      publishedAt: item.publishedAt,
    },
  }),
  "purchases.rollout.paused.v1": (r: RolloutChangeV1) => ({
    type: "rollout.paused",
    organisationId: r.providerOrganisationId,
    data: rolloutData(r),
  }),
  "purchases.rollout.completed.v1": (r: RolloutChangeV1) => ({
    type: "rollout.completed",
    organisationId: r.providerOrganisationId,
    data: rolloutData(r),
  }),
  "settlements.statement.closed.v1": (s: StatementLifecycleV1) => ({
    type: "statement.closed",
    organisationId: s.organisationId,
    data: statementData(s),
  }),
  "settlements.statement.paid.v1": (s: StatementLifecycleV1) => ({
    type: "statement.paid",
    organisationId: s.organisationId,
    data: statementData(s),
  }),
};

/** The webhook event of a bus event, if its type is in the table and the entry makes one. */
export function translate(type: string, data: unknown): WebhookEvent | undefined {
  const entry = TRANSLATIONS[type];
  return entry ? entry(data as never) : undefined;
}

/**
 * The body every delivery of an event posts, serialised once: `{ id, type, createdAt, organisationId,
 * data }`. `id` is the bus event's id, the same for every endpoint and every retry (receivers dedupe by it).
 */
export function deliveryBody(id: string, createdAt: string, event: WebhookEvent | DisabledNotice): string {
  return JSON.stringify({
    id,
    type: event.type,
    createdAt,
    organisationId: event.organisationId,
    data: event.data,
  });
}

export interface DisabledNotice {
  type: "endpoint.disabled";
  organisationId: string;
  data: { endpointId: string; url: string; reason: string; disabledAt: string };
}
