import type { DemoCredentials } from "./credentials";

export const DEMO_INSTANCE = {
  name: "Demo Marketplace",
  defaultCurrency: "EUR",
  platformFeeBps: 1000,
} as const;

/**
 * Demo data is created through the public API, like any client would: a first marketplace instance when
 * the stack has none, so a fresh `pnpm start` has a scope to link items and list them in. Later issues add
 * their demo items the same way. Returns the instance id (the existing first one on later runs).
 */
export async function seedDemoData(
  gatewayUrl: string,
  credentials: DemoCredentials,
): Promise<{ instanceId: string }> {
  const headers = { authorization: `Bearer ${credentials.admin.token}`, "content-type": "application/json" };
  const listed = await fetch(
    `${gatewayUrl}/marketplace/instances?page=1&pageSize=1&orderBy=createdAt&direction=asc`,
    {
      headers,
    },
  );
  if (!listed.ok) throw new Error(`demo data: listing instances answered ${listed.status}`);
  const page = (await listed.json()) as { items: { id: string }[] };
  if (page.items[0]) return { instanceId: page.items[0].id };
  const created = await fetch(`${gatewayUrl}/marketplace/instances`, {
    method: "POST",
    headers,
    body: JSON.stringify(DEMO_INSTANCE),
  });
  if (!created.ok) throw new Error(`demo data: creating the demo instance answered ${created.status}`);
  return { instanceId: ((await created.json()) as { id: string }).id };
}
