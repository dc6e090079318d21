import type { Pool } from "undici";
import { statusOf } from "../load/http";

/**
 * Whether a route is built on this stack: a pending route answers 501 (and a path the gateway does not
 * know answers 404 with no route), so the scenario reports "not run" instead of failing the suite.
 */
export async function routeAvailable(
  pool: Pool,
  path: string,
  headers: Record<string, string>,
): Promise<boolean> {
  const status = await statusOf(pool, path, headers);
  return status !== 501 && status !== 404 && status !== 405;
}

export const ROUTE_NOT_AVAILABLE = "route not available";
