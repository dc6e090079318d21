export type UnmetCondition = "displayName" | "basePrice" | "release";

export interface Readiness {
  ready: boolean;
  /** Always in the order displayName, basePrice, release, so clients can compare lists. */
  unmet: UnmetCondition[];
}

/**
 * Whether an item may be published: the newest metadata has a displayName, a base price is set (0 counts:
 * free is a price), and at least one item release is `available`.
 */
export function readiness(facts: {
  displayName: string | null;
  hasBasePrice: boolean;
  availableReleases: number;
}): Readiness {
  const unmet: UnmetCondition[] = [];
  if (facts.displayName === null || facts.displayName.trim() === "") unmet.push("displayName");
  if (!facts.hasBasePrice) unmet.push("basePrice");
  if (facts.availableReleases < 1) unmet.push("release");
  return { ready: unmet.length === 0, unmet };
}
