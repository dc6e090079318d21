/** What a service keeps of an instance: enough to validate requests and price items in its currency. */
export interface KnownInstance {
  id: string;
  ownerOrganisationId: string;
  defaultCurrency: string;
  platformFeeBps: number;
  createdAt: Date;
  learnedAt: Date;
}

/** Instances are learned from the catalogue's events (`knownInstanceProjection`), read here. */
export interface KnownInstanceRepository {
  get(id: string): Promise<KnownInstance | undefined>;
}
