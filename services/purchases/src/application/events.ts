import { newEvent } from "@mp/bus";
import {
  type PurchaseSnapshotV1,
  purchaseCreatedV1,
  purchaseDisputeUpdatedV1,
  purchaseRefundedV1,
} from "@mp/contracts";
import type { ChangeKind, Purchase, PurchaseChange } from "../domain/purchase";

export const SOURCE = "purchases";

export function purchaseSnapshotOf(purchase: Purchase, change: PurchaseChange, at: Date): PurchaseSnapshotV1 {
  const { currency } = purchase.amount;
  return {
    id: purchase.id,
    marketplaceItemId: purchase.marketplaceItemId,
    displayName: purchase.displayName,
    listingId: purchase.listingId,
    marketplaceInstanceId: purchase.marketplaceInstanceId,
    providerOrganisationId: purchase.providerOrganisationId,
    deviceId: purchase.deviceId,
    amount: purchase.amount as PurchaseSnapshotV1["amount"],
    amountRefunded: { amount: purchase.amountRefunded, currency } as PurchaseSnapshotV1["amount"],
    status: purchase.status,
    heldReason: purchase.heldReason,
    livemode: purchase.livemode,
    purchasedAt: purchase.purchasedAt.toISOString(),
    paymentReference: purchase.paymentReference,
    change: {
      kind: change.kind,
      amount: change.amount as PurchaseSnapshotV1["amount"],
      stripeEventId: change.stripeEventId,
      at: change.at.toISOString(),
    },
    occurredAt: at.toISOString(),
    version: purchase.version,
  };
}

const TYPE_OF: Record<ChangeKind, string> = {
  purchase: purchaseCreatedV1.type,
  refund: purchaseRefundedV1.type,
  "dispute-opened": purchaseDisputeUpdatedV1.type,
  "dispute-won": purchaseDisputeUpdatedV1.type,
  "dispute-lost": purchaseDisputeUpdatedV1.type,
};

export const purchaseEvent = (purchase: Purchase, change: PurchaseChange, at: Date) =>
  newEvent(TYPE_OF[change.kind], SOURCE, purchaseSnapshotOf(purchase, change, at), at);
