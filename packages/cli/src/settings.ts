import { createMarketplaceClient, type MarketplaceClient } from "@mp/sdk";
import { UsageError } from "./exit-codes";

/** The local stack's gateway (`pnpm start`), used when `MKT_URL` is not set. */
export const DEFAULT_URL = "http://127.0.0.1:8080";

export interface Settings {
  url: string;
  token?: string;
  apiKey?: string;
}

/** `MKT_URL`, and the credential: `MKT_TOKEN` (bearer) or `MKT_API_KEY` (`x-api-key`), never both. */
export function readSettings(env: Record<string, string | undefined>): Settings {
  const url = env.MKT_URL?.trim() || DEFAULT_URL;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new Error();
  } catch {
    throw new UsageError(`MKT_URL must be an http(s) address, got "${url}".`);
  }
  const token = env.MKT_TOKEN?.trim() || undefined;
  const apiKey = env.MKT_API_KEY?.trim() || undefined;
  if (token && apiKey) throw new UsageError("Set MKT_TOKEN or MKT_API_KEY, not both.");
  if (!token && !apiKey) throw new UsageError("Set MKT_TOKEN (an access token) or MKT_API_KEY (an API key).");
  return { url, ...(token ? { token } : {}), ...(apiKey ? { apiKey } : {}) };
}

export function clientFor(settings: Settings, fetch?: typeof globalThis.fetch): MarketplaceClient {
  const base = { baseUrl: settings.url, ...(fetch ? { fetch: (request: Request) => fetch(request) } : {}) };
  return settings.token
    ? createMarketplaceClient({ ...base, token: settings.token })
    : createMarketplaceClient({ ...base, apiKey: settings.apiKey! });
}
