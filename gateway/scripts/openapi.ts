/**
 * Generate the OpenAPI document from the routes' zod schemas, without any network or database.
 *   --write  writes gateway/openapi.json (the committed copy clients and CI diff against)
 *   --check  exits 1 when the committed copy differs from what the code generates
 *   (none)   prints the document
 */
import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { AppError, UnauthenticatedError } from "@mp/errors";
import { createLogger } from "@mp/logger";
import { buildApp } from "../src/app";
import type {
  AssetsClient,
  CatalogueClient,
  CatalogueItemsClient,
  EarningsClient,
  GatewayClients,
  ListingsClient,
  PublishingClient,
  PublishingReleasesClient,
  PurchasesClient,
  SettlementsClient,
  StatementsClient,
  WebhooksClient,
} from "../src/clients";
import { loadGatewayConfig, SERVICE_NAMES } from "../src/config";
import type { ApiKeyRepository } from "../src/infra/api-key.repository";
import { openapiText } from "../src/plugins/openapi.plugin";

const TARGET = fileURLToPath(new URL("../openapi.json", import.meta.url));

const unavailable = () => Promise.reject(new AppError("upstream-unavailable", "Inert dependency."));
// biome-ignore lint/correctness/useYield: an inert stream fails before its first message
async function* unavailableStream(): AsyncGenerator<never> {
  throw new AppError("upstream-unavailable", "Inert dependency.");
}

/** Dependencies that answer nothing: the document depends only on the routes, never on a live system. */
function inertClients(): GatewayClients {
  return {
    catalogue: { call: unavailable } as CatalogueClient,
    catalogueItems: { call: unavailable } as CatalogueItemsClient,
    publishing: { call: unavailable } as PublishingClient,
    assets: { call: unavailable } as AssetsClient,
    publishingReleases: { call: unavailable } as PublishingReleasesClient,
    listings: { call: unavailable } as ListingsClient,
    settlements: { call: unavailable } as SettlementsClient,
    statements: { call: unavailable } as StatementsClient,
    purchases: { call: unavailable } as PurchasesClient,
    earnings: { call: unavailable, stream: unavailableStream } as EarningsClient,
    webhooks: { call: unavailable } as WebhooksClient,
    health: Object.fromEntries(
      SERVICE_NAMES.map((name) => [name, { check: async () => false }]),
    ) as GatewayClients["health"],
    close: () => {},
  };
}

const inertApiKeys: ApiKeyRepository = {
  create: unavailable,
  listActive: unavailable,
  get: unavailable,
  revoke: unavailable,
  findByHash: async () => undefined,
  markUsed: async () => {},
};

async function generate(): Promise<string> {
  const config = loadGatewayConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    AUTH_JWKS_URL: "https://auth.marketplace.local/.well-known/jwks.json",
  });
  const app = await buildApp({
    config,
    logger: createLogger({ service: "openapi", level: "silent" }),
    clients: inertClients(),
    apiKeys: inertApiKeys,
    tokens: { verify: () => Promise.reject(new UnauthenticatedError()) },
  });
  try {
    await app.ready();
    return openapiText(app);
  } finally {
    await app.close();
  }
}

const mode = process.argv[2];
const text = await generate();
if (mode === "--write") {
  await writeFile(TARGET, text);
  console.log(`wrote ${TARGET}`);
} else if (mode === "--check") {
  const committed = await readFile(TARGET, "utf8").catch(() => "");
  if (committed !== text) {
    console.error(
      "gateway/openapi.json is out of date with the routes' schemas. Run `pnpm openapi:write` and commit the result.",
    );
    process.exit(1);
  }
  console.log("gateway/openapi.json is up to date.");
} else {
  process.stdout.write(text);
}
