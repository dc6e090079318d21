import type * as grpc from "@grpc/grpc-js";
import { GATEWAY_SIGNER, meshSignerFrom } from "@mp/auth";
import type {
  AssetsProto,
  CatalogueItemsProto,
  CatalogueProto,
  EarningsProto,
  ListingsProto,
  PublishingProto,
  PublishingReleasesProto,
  PurchasesProto,
  SettlementsProto,
  StatementsProto,
  WebhooksProto,
} from "@mp/contracts";
import type { AssetsServiceClient } from "@mp/contracts/generated/marketplace/assets/v1/AssetsService";
import type { CatalogueItemsServiceClient } from "@mp/contracts/generated/marketplace/catalogue/v1/CatalogueItemsService";
import type { CatalogueServiceClient } from "@mp/contracts/generated/marketplace/catalogue/v1/CatalogueService";
import type { ListingsServiceClient } from "@mp/contracts/generated/marketplace/listings/v1/ListingsService";
import type { PublishingReleasesServiceClient } from "@mp/contracts/generated/marketplace/publishing/v1/PublishingReleasesService";
import type { PublishingServiceClient } from "@mp/contracts/generated/marketplace/publishing/v1/PublishingService";
import type { PurchasesServiceClient } from "@mp/contracts/generated/marketplace/purchases/v1/PurchasesService";
import type { EarningsServiceClient } from "@mp/contracts/generated/marketplace/settlements/v1/EarningsService";
import type { SettlementsServiceClient } from "@mp/contracts/generated/marketplace/settlements/v1/SettlementsService";
import type { StatementsServiceClient } from "@mp/contracts/generated/marketplace/settlements/v1/StatementsService";
import type { WebhookEndpointsServiceClient } from "@mp/contracts/generated/marketplace/webhooks/v1/WebhookEndpointsService";
import { createUnaryClient, grpcTlsFrom, healthChecker, loadProtos, type UnaryClient } from "@mp/grpc";
import type { Logger } from "@mp/logger";
import { type GatewayConfig, SERVICE_NAMES, type ServiceName, upstreamAddress } from "./config";

/** The slice of a typed gRPC client routes use; tests pass an object with the same `call`. */
export type CatalogueClient = Pick<UnaryClient<CatalogueServiceClient>, "call">;
export type CatalogueItemsClient = Pick<UnaryClient<CatalogueItemsServiceClient>, "call">;
export type PublishingClient = Pick<UnaryClient<PublishingServiceClient>, "call">;
export type AssetsClient = Pick<UnaryClient<AssetsServiceClient>, "call">;
export type PublishingReleasesClient = Pick<UnaryClient<PublishingReleasesServiceClient>, "call">;
export type ListingsClient = Pick<UnaryClient<ListingsServiceClient>, "call">;
export type SettlementsClient = Pick<UnaryClient<SettlementsServiceClient>, "call">;
export type PurchasesClient = Pick<UnaryClient<PurchasesServiceClient>, "call">;
export type StatementsClient = Pick<UnaryClient<StatementsServiceClient>, "call">;
export type WebhooksClient = Pick<UnaryClient<WebhookEndpointsServiceClient>, "call">;
/** Earnings and platform fees (unary) and statement exports (a server stream). */
export type EarningsClient = Pick<UnaryClient<EarningsServiceClient>, "call" | "stream">;

/** Answers whether one upstream's gRPC health check reports SERVING. */
export interface UpstreamProbe {
  check(): Promise<boolean>;
}

/**
 * Everything the gateway dials. Routes depend on this shape, not on grpc-js, so unit tests and the
 * OpenAPI script build the app with in-process fakes and no network.
 */
export interface GatewayClients {
  catalogue: CatalogueClient;
  /** Listed items (public catalogue) and offered items (providers), served by the catalogue process. */
  catalogueItems: CatalogueItemsClient;
  publishing: PublishingClient;
  assets: AssetsClient;
  /** IoT applications and releases, and item releases (served by the publishing process). */
  publishingReleases: PublishingReleasesClient;
  /** Offerings (admin) and provider listings. */
  listings: ListingsClient;
  /** Payment notification intake; the gateway calls it as itself (webhooks carry no user). */
  settlements: SettlementsClient;
  /** Settlement statements (served by the settlements process). */
  statements: StatementsClient;
  /** The provider's purchases and their activity feed. */
  purchases: PurchasesClient;
  /** Earnings, platform fees and statement exports, served by the settlements process. */
  earnings: EarningsClient;
  /** Outbound webhook endpoints and their deliveries. */
  webhooks: WebhooksClient;
  /** One probe per upstream service, read by `/readyz`. */
  health: Record<ServiceName, UpstreamProbe>;
  close(): void;
}

/** The per-service clients of `GatewayClients`, by their field name. */
type ClientName = Exclude<keyof GatewayClients, "health" | "close">;

/**
 * The methods of each client that are retried on a transport failure (UNAVAILABLE that no handler
 * answered): every read, and the writes the server makes idempotent. Writes not listed are never retried.
 */
export const IDEMPOTENT_METHODS = {
  // An instance creation is done once per request id (the same id travels with every attempt), so a
  // creation whose catalogue replica died under it goes to the other one instead of answering 503.
  catalogue: ["listInstances", "getInstance", "createInstance"],
  catalogueItems: ["listListedItems", "getListedItem", "listOfferedItems", "getOfferedItem"],
  publishing: ["getInstanceReference", "listItems", "getItem", "listMetadata", "listImages", "listPrices"],
  // finaliseAsset decides once per asset and answers a repeat with the same verdict, so it is safe to retry.
  assets: ["getAsset", "getAssets", "finaliseAsset"],
  publishingReleases: ["listIotApplications", "listIotReleases", "listItemReleases"],
  listings: [
    "getInstanceReference",
    "listOfferings",
    "listListings",
    "getCurrentListing",
    "listListingHistory",
    "listListingVisibility",
  ],
  // Storing is keyed by the event id, so a repeated call (alone or in a batch) stores nothing twice.
  settlements: ["receivePaymentEvent", "receivePaymentEvents"],
  // Closing a period and marking paid are idempotent too: the same period returns the same batch.
  statements: ["listStatements", "getStatement", "closeStatementPeriod", "markStatementPaid"],
  purchases: [
    "listPurchases",
    "listPurchaseActivity",
    "getDownloadAccess",
    "listDevices",
    "getDeviceDetails",
    "listPurchaseReleases",
    "getInstallRpc",
    "listRollouts",
    "getRollout",
    "listRolloutDevices",
    "listRolloutEvents",
  ],
  earnings: ["getEarningsSummary", "getEarningsTimeseries", "listAppEarnings", "listPlatformFees"],
  webhooks: ["listEndpoints", "getEndpoint", "listDeliveries"],
} as const satisfies Record<ClientName, readonly string[]>;

/** The proto files (relative to `proto/`) of every service the gateway calls. */
export const GATEWAY_PROTOS = [
  "marketplace/catalogue/v1/catalogue.proto",
  "marketplace/catalogue/v1/catalogue_items.proto",
  "marketplace/publishing/v1/publishing.proto",
  "marketplace/assets/v1/assets.proto",
  "marketplace/publishing/v1/publishing_releases.proto",
  "marketplace/listings/v1/listings.proto",
  "marketplace/settlements/v1/settlements.proto",
  "marketplace/settlements/v1/statements.proto",
  "marketplace/purchases/v1/purchases.proto",
  "marketplace/settlements/v1/earnings.proto",
  "marketplace/webhooks/v1/webhooks.proto",
] as const;

/**
 * Real clients: one channel per upstream, reads retried, writes never (they are not idempotent). Every call
 * carries a token MACed under the key the gateway's mesh key (`MESH_PRIVATE_KEY` or `MESH_PRIVATE_KEY_FILE`)
 * shares with the service's (from `MESH_JWKS` or `MESH_JWKS_FILE`), and a user call the assertion stating
 * the verified caller; without usable keys the gateway does not start.
 */
export function createGatewayClients(
  config: GatewayConfig,
  options: { logger?: Logger } = {},
): GatewayClients {
  // Every upstream's contract parsed in one root (the files share their common imports).
  const contracts = loadProtos<
    CatalogueProto &
      CatalogueItemsProto &
      PublishingProto &
      AssetsProto &
      PublishingReleasesProto &
      ListingsProto &
      SettlementsProto &
      StatementsProto &
      PurchasesProto &
      EarningsProto &
      WebhooksProto
  >(GATEWAY_PROTOS);
  const mesh = {
    identity: meshSignerFrom(config, GATEWAY_SIGNER),
    tls: grpcTlsFrom(config) ?? (false as const),
    ...options,
  };
  // One channel per client, to the process that serves it, with that client's idempotent methods.
  const dial = <C extends grpc.Client>(
    Ctor: new (address: string, credentials: grpc.ChannelCredentials, options?: grpc.ClientOptions) => C,
    name: ClientName,
    upstream: ServiceName,
    extra: { deadlineMs?: number } = {},
  ) =>
    createUnaryClient(Ctor, upstreamAddress(config, upstream), {
      ...mesh,
      upstream,
      idempotent: IDEMPOTENT_METHODS[name],
      ...extra,
    });
  const { catalogue, publishing, assets, listings, settlements, purchases, webhooks } = contracts.marketplace;
  const clients = {
    catalogue: dial(catalogue.v1.CatalogueService, "catalogue", "catalogue"),
    catalogueItems: dial(catalogue.v1.CatalogueItemsService, "catalogueItems", "catalogue"),
    publishing: dial(publishing.v1.PublishingService, "publishing", "publishing"),
    assets: dial(assets.v1.AssetsService, "assets", "assets"),
    publishingReleases: dial(publishing.v1.PublishingReleasesService, "publishingReleases", "publishing", {
      deadlineMs: 15_000,
    }),
    listings: dial(listings.v1.ListingsService, "listings", "listings"),
    settlements: dial(settlements.v1.SettlementsService, "settlements", "settlements"),
    statements: dial(settlements.v1.StatementsService, "statements", "settlements"),
    purchases: dial(purchases.v1.PurchasesService, "purchases", "purchases"),
    earnings: dial(settlements.v1.EarningsService, "earnings", "settlements"),
    webhooks: dial(webhooks.v1.WebhookEndpointsService, "webhooks", "webhooks"),
  } satisfies Omit<GatewayClients, "health" | "close">;
  const checkers = SERVICE_NAMES.map((service) => {
    const checker = healthChecker(upstreamAddress(config, service), mesh.tls);
    return [service, checker] as const;
  });
  return {
    ...clients,
    health: Object.fromEntries(
      checkers.map(([service, checker]) => [service, { check: () => checker.check("", 1_000) }]),
    ) as Record<ServiceName, UpstreamProbe>,
    close() {
      for (const client of Object.values(clients)) client.close();
      for (const [, checker] of checkers) checker.close();
    },
  };
}
