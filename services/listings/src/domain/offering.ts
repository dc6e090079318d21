/**
 * An admin's decision to let providers list a published item in an instance. Version 1 while active,
 * 2 once withdrawn (final): offering the item again then makes a new offering.
 */
export interface Offering {
  id: string;
  marketplaceInstanceId: string;
  marketplaceItemId: string;
  createdAt: Date;
  withdrawnAt: Date | null;
  version: number;
}

export function isActive(offering: Offering): boolean {
  return offering.withdrawnAt === null;
}

/** The offering withdrawn at `at`; an already withdrawn offering is returned as it is. */
export function withdraw(offering: Offering, at: Date): Offering {
  return isActive(offering) ? { ...offering, withdrawnAt: at, version: offering.version + 1 } : offering;
}
