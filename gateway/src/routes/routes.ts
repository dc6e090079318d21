import type { ApiKeyMode } from "@mp/auth";
import type { GatewayClients } from "../clients";
import type { ApiKeyRepository } from "../infra/api-key.repository";
import { apiKeysRoutes } from "./api-keys/api-keys.routes";
import { assetsRoutes } from "./assets/assets.routes";
import { catalogueRoutes } from "./catalogue/catalogue.routes";
import { downloadAccessRoutes } from "./catalogue/download-access.routes";
import { developerApplicationsRoutes } from "./developers/developer-applications.routes";
import { developerItemsRoutes } from "./developers/developer-items.routes";
import { developerMediaRoutes } from "./developers/developer-media.routes";
import { developerReleasesRoutes } from "./developers/developer-releases.routes";
import { earningsRoutes } from "./earnings/earnings.routes";
import { statementExportRoutes } from "./earnings/statement-exports.routes";
import { instancesRoutes } from "./instances/instances.routes";
import { offeringsRoutes } from "./instances/offerings.routes";
import { opsRoutes } from "./ops/ops.routes";
import { providerDevicesRoutes } from "./providers/provider-devices.routes";
import { providerListingsRoutes } from "./providers/provider-listings.routes";
import { providerOfferedItemsRoutes } from "./providers/provider-offered-items.routes";
import { providerPaymentsRoutes } from "./providers/provider-payments.routes";
import { providerPurchasesRoutes } from "./providers/provider-purchases.routes";
import type { ZodApp } from "./route-kit";
import { statementsRoutes } from "./statements/statements.routes";
import { webhookEndpointsRoutes } from "./webhook-endpoints/webhook-endpoints.routes";
import { webhooksRoutes } from "./webhooks/webhooks.routes";

export interface RouteDeps {
  clients: GatewayClients;
  apiKeys: ApiKeyRepository;
  keyMode: ApiKeyMode;
}

/** Every route of the API, by area. Areas not built yet declare their routes and answer 501. */
export async function registerRoutes(app: ZodApp, deps: RouteDeps): Promise<void> {
  opsRoutes(app);
  await webhooksRoutes(app, { settlements: deps.clients.settlements });
  statementsRoutes(app, { statements: deps.clients.statements });
  statementExportRoutes(app, { earnings: deps.clients.earnings });
  catalogueRoutes(app, { catalogueItems: deps.clients.catalogueItems });
  providerDevicesRoutes(app, { purchases: deps.clients.purchases });
  providerPurchasesRoutes(app, { purchases: deps.clients.purchases });
  providerPaymentsRoutes(app, { purchases: deps.clients.purchases });
  downloadAccessRoutes(app, { purchases: deps.clients.purchases });
  providerOfferedItemsRoutes(app, { catalogueItems: deps.clients.catalogueItems });
  providerListingsRoutes(app, { listings: deps.clients.listings });
  earningsRoutes(app, { earnings: deps.clients.earnings });
  instancesRoutes(app, { catalogue: deps.clients.catalogue });
  offeringsRoutes(app, { listings: deps.clients.listings });
  developerReleasesRoutes(app, deps);
  developerApplicationsRoutes(app, deps);
  developerItemsRoutes(app, deps);
  developerMediaRoutes(app, deps);
  assetsRoutes(app, { assets: deps.clients.assets });
  apiKeysRoutes(app, { apiKeys: deps.apiKeys, keyMode: deps.keyMode });
  webhookEndpointsRoutes(app, { webhooks: deps.clients.webhooks });
}
