import {
  type InstanceCreatedV1,
  ITEM_SNAPSHOT_EVENTS,
  type ItemSnapshotV1,
  instanceCreatedV1,
  instanceSnapshotV1,
  itemSnapshot,
  PURCHASE_SNAPSHOT_EVENTS,
  type PurchaseSnapshotV1,
  purchaseSnapshot,
} from "@mp/contracts";
import { defineConsumer, type RegisteredConsumer } from "@mp/runtime";
import type { makeRecordLedgerItem } from "../application/record-projections";
import type { makeRecordPurchaseChange } from "../application/record-purchase-change";
import { instanceFeeProjection } from "../infra/ledger-projections.repository";

/** The durable (and inbox/dead-letter key) of the ledger writer. */
export const LEDGER_CONSUMER = "settlements-ledger";

/**
 * A purchase whose item, price or instance has not arrived yet, or whose previous event is still on its
 * way, is retried for about an hour (0.5 s, 1 s, 2 s, 5 s, 10 s, then every 30 s) before the bus
 * dead-letters it. The first retries come quickly: the usual cause is an event of another stream that
 * is a moment behind.
 */
export const LEDGER_RETRY = { maxDeliver: 128, backoffMs: [500, 1_000, 2_000, 5_000, 10_000, 30_000] };

/** Settlements's subscription to every publishing.item.*.v1 event: developer, name and base price history. */
export function ledgerItemConsumer(handle: ReturnType<typeof makeRecordLedgerItem>): RegisteredConsumer {
  return defineConsumer<ItemSnapshotV1>({
    durable: "settlements-items",
    stream: ITEM_SNAPSHOT_EVENTS[0].stream,
    eventTypes: ITEM_SNAPSHOT_EVENTS.map((e) => e.type),
    schema: itemSnapshot,
    handle,
  });
}

/** Settlements's subscription to instance events: the platform fee of each instance. */
export function ledgerInstanceConsumer(): RegisteredConsumer {
  return defineConsumer<InstanceCreatedV1>({
    durable: "settlements-instances",
    stream: instanceCreatedV1.stream,
    eventTypes: [instanceCreatedV1.type, instanceSnapshotV1.type],
    schema: instanceCreatedV1.data,
    // A burst of creations: what queued up meanwhile (up to 32) with one statement, inbox rows included.
    batchSize: 32,
    project: instanceFeeProjection,
  });
}

/** Purchase events applied together in one ledger transaction when they queue up (a burst of sales). */
export const LEDGER_BATCH = 32;

/**
 * The ledger writer: every purchases.purchase.*.v1 event, one movement (or none) per event. One worker;
 * what queued up while the previous transaction ran (up to {@link LEDGER_BATCH} events) is applied in one
 * transaction, one event after another in delivery order, so a purchase's events still meet the version
 * cursor in the order they came. Every write of the handler is in that transaction (dead letters of
 * events that can never apply included), so when one event is not ready the batch rolls back and each
 * event is applied alone, the unready one handed back by itself.
 */
export function ledgerPurchaseConsumer(
  handle: ReturnType<typeof makeRecordPurchaseChange>,
): RegisteredConsumer {
  return defineConsumer<PurchaseSnapshotV1>({
    durable: LEDGER_CONSUMER,
    stream: PURCHASE_SNAPSHOT_EVENTS[0].stream,
    eventTypes: PURCHASE_SNAPSHOT_EVENTS.map((e) => e.type),
    schema: purchaseSnapshot,
    ...LEDGER_RETRY,
    batchSize: LEDGER_BATCH,
    handle,
  });
}
