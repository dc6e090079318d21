import type { Queryable } from "@mp/db";

/** What listings keeps of an instance: enough to validate requests and price items in its currency. */
export interface KnownInstance {
  id: string;
  ownerOrganisationId: string;
  defaultCurrency: string;
  platformFeeBps: number;
  createdAt: Date;
  learnedAt: Date;
}

export interface KnownInstanceRepository {
  /**
   * Insert, or update when `version` is newer than the one held (instances never change, so a replay or
   * a snapshot leaves the row as it was).
   */
  remember(tx: Queryable, instance: Omit<KnownInstance, "learnedAt"> & { version: number }): Promise<void>;
  get(id: string): Promise<KnownInstance | undefined>;
}
