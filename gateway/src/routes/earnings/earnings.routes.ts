import type { EarningsClient } from "../../clients";
import { callUpstream, responses, routeOptions, type ZodApp } from "../route-kit";
import { toAppEarningsPage, toPlatformFeesPage, toSummary, toTimeseries } from "./earnings.mapper";
import {
  AppEarningsPage,
  AppsQuery,
  EarningsSummary,
  EarningsTimeseries,
  PlatformFeesPage,
  PlatformQuery,
  SummaryQuery,
  TimeseriesQuery,
} from "./earnings.schemas";

const WINDOW =
  "The window is `[startUtc, endUtc)`; amounts are integers in the currency's minor unit, net values can be negative after refunds. `livemode` omitted: the deployment's default mode.";

/** What the gRPC window message wants: empty strings for absent instants, the mode only when given. */
function window(q: {
  startUtc?: string | undefined;
  endUtc?: string | undefined;
  livemode?: boolean | undefined;
}) {
  return {
    startUtc: q.startUtc ?? "",
    endUtc: q.endUtc ?? "",
    ...(q.livemode === undefined ? {} : { livemode: q.livemode }),
  };
}

/** A provider's earnings from the ledger (provider role) and the platform's fees (the platform operator). */
export function earningsRoutes(app: ZodApp, deps: { earnings: EarningsClient }): void {
  const route = routeOptions("provider", ["Provider earnings"]);
  const call = deps.earnings.call.bind(deps.earnings);

  app.get(
    "/marketplace/providers/earnings/summary",
    route(
      "getEarningsSummary",
      "Earnings totals per currency",
      `The caller's organisation's earnings as a provider, one row per currency: \`grossSales\` (sales), \`refunds\` (refunded and lost-dispute amounts), \`platformFees\` and \`developerCosts\` (net of reversals), \`netEarnings\` (the provider's share, net of reversals), \`purchaseCount\` (sales). An absent \`startUtc\` or \`endUtc\` leaves that side unbounded (answered as null). ${WINDOW}`,
      { querystring: SummaryQuery, response: responses({ 200: EarningsSummary }) },
    ),
    async (request) =>
      toSummary(
        await callUpstream(request, (ctx) =>
          call("getEarningsSummary", { window: window(request.query) }, ctx),
        ),
      ),
  );

  app.get(
    "/marketplace/providers/earnings/timeseries",
    route(
      "getEarningsTimeseries",
      "Earnings per day, week or month",
      `Buckets of a day, a week (from Monday) or a calendar month, UTC; every bucket touching the window is present for every currency the provider has earned in, zero-filled, and an edge bucket sums only the part inside the window. Defaults: \`endUtc\` now, \`startUtc\` 30 days (day), 12 weeks (week) or 12 months (month) before \`endUtc\`. At most 400 day, 260 week or 120 month buckets (\`validation-failed\` on \`query.startUtc\` beyond). ${WINDOW}`,
      { querystring: TimeseriesQuery, response: responses({ 200: EarningsTimeseries }) },
    ),
    async (request) => {
      const { interval, ...rest } = request.query;
      return toTimeseries(
        await callUpstream(request, (ctx) =>
          call("getEarningsTimeseries", { interval, window: window(rest) }, ctx),
        ),
      );
    },
  );

  app.get(
    "/marketplace/providers/earnings/apps",
    route(
      "listAppEarnings",
      "Earnings per item",
      `One row per item and currency, \`displayName\` as on the item's latest movement in the window. Default order \`netEarnings desc\`. An absent \`startUtc\` or \`endUtc\` leaves that side unbounded. ${WINDOW}`,
      { querystring: AppsQuery, response: responses({ 200: AppEarningsPage }) },
    ),
    async (request) => {
      const { startUtc, endUtc, livemode, ...page } = request.query;
      return toAppEarningsPage(
        await callUpstream(request, (ctx) =>
          call("listAppEarnings", { window: window({ startUtc, endUtc, livemode }), ...page }, ctx),
        ),
      );
    },
  );

  const admin = routeOptions("admin", ["Platform earnings"]);
  app.get(
    "/marketplace/earnings/platform",
    admin(
      "listPlatformFees",
      "Platform fees per instance, currency and month",
      `The platform operator only (\`admin\` in the organisation settlements' \`PLATFORM_ORGANISATION_ID\` names; any other admin gets 403). The fees the platform collected, one row per marketplace instance, currency and UTC calendar month: \`platformFees\` net of reversals, \`grossSales\` and \`saleCount\` of sales. Default order \`month desc\`. An absent \`startUtc\` or \`endUtc\` leaves that side unbounded; a month cut by the window sums only its part inside. ${WINDOW}`,
      { querystring: PlatformQuery, response: responses({ 200: PlatformFeesPage }) },
    ),
    async (request) => {
      const { startUtc, endUtc, livemode, marketplaceInstanceId, currency, ...page } = request.query;
      return toPlatformFeesPage(
        await callUpstream(request, (ctx) =>
          call(
            "listPlatformFees",
            {
              window: window({ startUtc, endUtc, livemode }),
              marketplaceInstanceId: marketplaceInstanceId ?? "",
              currency: currency ?? "",
              ...page,
            },
            ctx,
          ),
        ),
      );
    },
  );
}
