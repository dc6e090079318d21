import type { PurchasesClient } from "../../clients";
import { callUpstream, responses, routeOptions, type ZodApp } from "../route-kit";
import { toActivity, toPurchasePage } from "./provider-purchases.mapper";
import { Activity, ActivityQuery, PurchasePage, PurchasesQuery } from "./provider-purchases.schemas";

const MODE =
  "`livemode` picks live or test payments; when omitted, the deployment's default mode is used (test in development, live in production).";

/** Purchases of the provider's listings and their activity feed, over the purchases service (provider role). */
export function providerPurchasesRoutes(app: ZodApp, deps: { purchases: PurchasesClient }): void {
  const route = routeOptions("provider", ["Provider purchases"]);
  const call = deps.purchases.call.bind(deps.purchases);

  app.get(
    "/marketplace/providers/purchases",
    route(
      "listProviderPurchases",
      "List purchases of the provider's listed items",
      `Purchases of the caller's organisation's listings, newest first by default, optionally of one device. Purchases are created only by payment notifications, one per payment. ${MODE}`,
      { querystring: PurchasesQuery, response: responses({ 200: PurchasePage }) },
    ),
    async (request) => {
      const { deviceId, livemode, ...page } = request.query;
      const mode = livemode === undefined ? {} : { livemode };
      return toPurchasePage(
        await callUpstream(request, (ctx) =>
          call("listPurchases", { deviceId: deviceId ?? "", ...mode, ...page }, ctx),
        ),
      );
    },
  );

  app.get(
    "/marketplace/providers/purchases/activity",
    route(
      "listPurchaseActivity",
      "Purchase activity",
      `Purchases, refunds and disputes of the caller's organisation's listings, newest first, within \`[startUtc, endUtc)\` when given. \`amount\` is the paid amount, the refunded increment, or the disputed amount. ${MODE}`,
      { querystring: ActivityQuery, response: responses({ 200: Activity }) },
    ),
    async (request) => {
      const q = request.query;
      return toActivity(
        await callUpstream(request, (ctx) =>
          call(
            "listPurchaseActivity",
            {
              startUtc: q.startUtc ?? "",
              endUtc: q.endUtc ?? "",
              limit: q.limit,
              ...(q.livemode === undefined ? {} : { livemode: q.livemode }),
            },
            ctx,
          ),
        ),
      );
    },
  );
}
