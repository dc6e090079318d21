import type { Queryable } from "@mp/db";

/** What publishing keeps of an instance: enough to validate requests and price items in its currency. */
export interface KnownInstance {
  id: string;
  ownerOrganisationId: string;
  defaultCurrency: string;
  platformFeeBps: number;
  createdAt: Date;
  learnedAt: Date;
}

export interface KnownInstanceRepository {
  /** Insert or keep: replaying the same event leaves the row as it was. */
  remember(tx: Queryable, instance: Omit<KnownInstance, "learnedAt">): Promise<void>;
  get(id: string): Promise<KnownInstance | undefined>;
}
