import type { EventEnvelope } from "@mp/bus";
import type { ItemSnapshotV1 } from "@mp/contracts";
import type { Queryable } from "@mp/db";
import type { LedgerProjections } from "./ledger.ports";

/**
 * Handler of every publishing.item.*.v1 event: the item's developer organisation and display name (newest
 * version wins), and its base price from the event's occurredAt on (history, kept for every version).
 */
export function makeRecordLedgerItem(deps: { projections: LedgerProjections }) {
  return async ({ data }: EventEnvelope<ItemSnapshotV1>, tx: Queryable): Promise<void> => {
    await deps.projections.recordItem(tx, {
      id: data.itemId,
      developerOrganisationId: data.organisationId,
      marketplaceInstanceId: data.marketplaceInstanceId,
      displayName: data.displayName,
      version: data.version,
      effectiveFrom: new Date(data.occurredAt),
      basePrice: data.basePrice,
    });
  };
}
