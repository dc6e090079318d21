import { setTimeout as sleep } from "node:timers/promises";
import type { Pool } from "undici";
import { getOk, postJson } from "../load/http";
import type { BenchContext } from "../scenario";

/** A fresh instance for a storefront scenario, created through the API so every service learns it. */
export async function benchInstance(ctx: BenchContext, label: string): Promise<string> {
  const body = {
    name: `Bench ${label} ${new Date().toISOString()}`,
    defaultCurrency: "EUR",
    platformFeeBps: 1000,
  };
  const created = await postJson<{ id: string }>(
    ctx.gateway,
    "/marketplace/instances",
    { authorization: `Bearer ${ctx.tokens.admin}` },
    body,
  );
  return created.id;
}

/** Polls a paged public list until its `totalCount` reaches `count`; throws after `timeoutMs`. */
export async function waitForCount(
  pool: Pool,
  path: string,
  headers: Record<string, string>,
  count: number,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let seen = 0;
  while (Date.now() < deadline) {
    seen = (JSON.parse(await getOk(pool, path, headers)) as { totalCount: number }).totalCount;
    if (seen >= count) return;
    await sleep(500);
  }
  throw new Error(`only ${seen} of ${count} listed after ${timeoutMs / 1000} s`);
}
