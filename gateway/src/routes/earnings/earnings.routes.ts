import { declarePending, responses, type ZodApp } from "../route-kit";
import {
  AppEarningsPage,
  AppsQuery,
  EarningsSummary,
  EarningsTimeseries,
  SummaryQuery,
  TimeseriesQuery,
} from "./earnings.schemas";

/** A provider's earnings from the ledger (provider role; not built yet). */
export function earningsRoutes(app: ZodApp): void {
  const tags = ["Provider earnings"];
  declarePending(app, {
    method: "GET",
    url: "/marketplace/providers/earnings/summary",
    access: "provider",
    operationId: "getEarningsSummary",
    tags,
    summary: "Earnings totals per currency",
    querystring: SummaryQuery,
    response: responses({ 200: EarningsSummary }, { pending: true }),
  });
  declarePending(app, {
    method: "GET",
    url: "/marketplace/providers/earnings/timeseries",
    access: "provider",
    operationId: "getEarningsTimeseries",
    tags,
    summary: "Earnings per day, week or month",
    querystring: TimeseriesQuery,
    response: responses({ 200: EarningsTimeseries }, { pending: true }),
  });
  declarePending(app, {
    method: "GET",
    url: "/marketplace/providers/earnings/apps",
    access: "provider",
    operationId: "listAppEarnings",
    tags,
    summary: "Earnings per item",
    description: "Default order `netEarnings desc`.",
    querystring: AppsQuery,
    response: responses({ 200: AppEarningsPage }, { pending: true }),
  });
}
