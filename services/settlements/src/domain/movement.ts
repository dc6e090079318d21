import type { Shares } from "./ledger";

/** What a movement of money is: a purchase's sale, or a reversal of part of it (refund, lost dispute). */
export type MovementKind = "sale" | "refund" | "dispute";
/** How an entry shows on a statement: as its movement, or as an adjustment of a month already closed. */
export type LineKind = MovementKind | "adjustment";

/** What every movement of one purchase repeats: copied from its sale. */
export interface PurchaseParties {
  purchaseId: string;
  marketplaceInstanceId: string;
  marketplaceItemId: string;
  displayName: string;
  deviceId: string;
  providerOrganisationId: string;
  developerOrganisationId: string;
  currency: string;
  livemode: boolean;
}

/** One movement of a purchase: its three shares are the platform's, the developer's and the provider's entry. */
export interface Movement extends PurchaseParties {
  id: string;
  sourceEventId: string;
  kind: MovementKind;
  shares: Shares;
  occurredAt: Date;
}

/** Where a developer or provider entry landed. */
export interface Placement {
  statementId: string;
  lineKind: LineKind;
}
