import createClient, { type Client } from "openapi-fetch";
import type { paths } from "./generated/openapi";
import { type FetchLike, type RetryPolicy, retryingFetch } from "./retry";

export type MarketplaceClient = Client<paths>;

export type ClientOptions = {
  /** The gateway's origin, e.g. `http://127.0.0.1:8080`. */
  baseUrl: string;
  /** The fetch to send with (default `globalThis.fetch`). */
  fetch?: FetchLike;
  /** Retries of 429/503 answers; `{ maxAttempts: 1 }` turns them off. */
  retry?: RetryPolicy;
} & (
  | { /** A bearer access token (JWT). */ token: string; apiKey?: never }
  | { /** An `mk_live_...`/`mk_test_...` key, sent as `x-api-key`. */ apiKey: string; token?: never }
  | { token?: undefined; apiKey?: undefined }
);

/**
 * A typed client of the gateway: `client.GET("/marketplace/instances", { params: { query: { page: 1 } } })`
 * with paths, parameters, bodies, answers and problems checked against gateway/openapi.json. Authenticates
 * with a bearer token or an API key and retries 429/503 answers of retry-safe requests (see `retry.ts`).
 */
export function createMarketplaceClient(options: ClientOptions): MarketplaceClient {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  else if (options.apiKey) headers["x-api-key"] = options.apiKey;
  const baseFetch: FetchLike = options.fetch ?? ((request) => globalThis.fetch(request));
  return createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    headers,
    fetch: retryingFetch(baseFetch, options.retry),
  });
}
