import { declarePending, responses, type ZodApp } from "../route-kit";
import { Activity, ActivityQuery, PurchasePage, PurchasesQuery } from "./provider-purchases.schemas";

/** Purchases of the provider's listings and their activity feed (provider role; not built yet). */
export function providerPurchasesRoutes(app: ZodApp): void {
  const tags = ["Provider purchases"];
  declarePending(app, {
    method: "GET",
    url: "/marketplace/providers/purchases",
    access: "provider",
    operationId: "listProviderPurchases",
    tags,
    summary: "List purchases of the provider's listed items",
    description: "Newest first by default.",
    querystring: PurchasesQuery,
    response: responses({ 200: PurchasePage }, { pending: true }),
  });
  declarePending(app, {
    method: "GET",
    url: "/marketplace/providers/purchases/activity",
    access: "provider",
    operationId: "listPurchaseActivity",
    tags,
    summary: "Purchase activity",
    querystring: ActivityQuery,
    response: responses({ 200: Activity }, { pending: true }),
  });
}
