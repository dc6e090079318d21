/** The pages each role sees, in menu order. */
export interface NavEntry {
  to: string;
  label: string;
}

const BY_ROLE: Record<string, NavEntry[]> = {
  provider: [
    { to: "/catalogue", label: "Catalogue" },
    { to: "/provider/offered", label: "Offered items" },
    { to: "/provider/listings", label: "Listings" },
    { to: "/provider/purchases", label: "Purchases" },
    { to: "/provider/devices", label: "Devices" },
    { to: "/provider/rollouts", label: "Rollouts" },
    { to: "/provider/earnings", label: "Earnings" },
  ],
  developer: [
    { to: "/developer/items", label: "Items" },
    { to: "/developer/earnings", label: "Earnings" },
    { to: "/catalogue", label: "Catalogue" },
  ],
  admin: [
    { to: "/admin/instances", label: "Instances" },
    { to: "/admin/platform-fees", label: "Platform fees" },
    { to: "/catalogue", label: "Catalogue" },
  ],
};

export function navFor(roles: readonly string[]): NavEntry[] {
  const entries = roles.flatMap((role) => BY_ROLE[role] ?? []);
  entries.push({ to: "/statements", label: "Statements" });
  const seen = new Set<string>();
  return entries.filter((entry) => !seen.has(entry.to) && seen.add(entry.to));
}

/** Where a person lands after signing in. */
export function homeFor(roles: readonly string[]): string {
  return navFor(roles)[0]?.to ?? "/catalogue";
}
