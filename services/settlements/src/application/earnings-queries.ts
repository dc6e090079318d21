import { type Paged, paged, parsePageQuery, type RawPageQuery } from "@mp/db";
import { ValidationError } from "@mp/errors";
import { type CallContext, requirePrincipal } from "@mp/grpc";
import {
  APP_ORDERS,
  type AppEarningsRow,
  type EarningsPointRow,
  type EarningsRepository,
  type EarningsTotalsRow,
} from "./earnings.ports";
import {
  bucketCount,
  bucketStart,
  defaultSeriesWindow,
  INTERVALS,
  type Interval,
  MAX_BUCKETS,
  parseWindow,
  splitWindow,
} from "./earnings-window";

/** A window as it arrives over gRPC: instants empty when not given, the mode absent for the default. */
export interface RawWindow {
  startUtc: string;
  endUtc: string;
  livemode?: boolean | undefined;
}

interface Deps {
  earnings: EarningsRepository;
  /** The mode used when a request names none (`PAYMENTS_DEFAULT_LIVEMODE`). */
  defaultLivemode: boolean;
  now?: () => Date;
}

/**
 * The caller's organisation's earnings as a provider, per currency, within `[startUtc, endUtc)`; an
 * absent side is unbounded (the whole ledger).
 */
export function makeGetEarningsSummary(deps: Deps) {
  return async (
    raw: RawWindow | null | undefined,
    ctx: CallContext,
  ): Promise<{ start?: Date | undefined; end?: Date | undefined; totals: EarningsTotalsRow[] }> => {
    const caller = requirePrincipal(ctx, "provider");
    const window = parseWindow({ startUtc: raw?.startUtc ?? "", endUtc: raw?.endUtc ?? "" });
    const totals = await deps.earnings.summary(
      caller.organisationId.toLowerCase(),
      raw?.livemode ?? deps.defaultLivemode,
      splitWindow(window),
    );
    return { start: window.start, end: window.end, totals };
  };
}

/**
 * The caller's earnings per day, week (from Monday) or month, UTC. Defaults: the window ends now and starts
 * 30 days, 12 weeks or 12 months before its end. Every bucket touching the window is present, for every
 * currency the provider ever earned in the mode, zero-filled; edge buckets sum only the part inside the
 * window. At most `MAX_BUCKETS` buckets.
 */
export function makeGetEarningsTimeseries(deps: Deps) {
  return async (
    raw: { interval: string; window?: RawWindow | null | undefined },
    ctx: CallContext,
  ): Promise<{ interval: Interval; points: EarningsPointRow[] }> => {
    const caller = requirePrincipal(ctx, "provider");
    if (!(INTERVALS as readonly string[]).includes(raw.interval))
      throw new ValidationError({ "query.interval": ["must be one of day, week, month"] });
    const interval = raw.interval as Interval;
    const given = parseWindow({ startUtc: raw.window?.startUtc ?? "", endUtc: raw.window?.endUtc ?? "" });
    const window = defaultSeriesWindow(given, interval, (deps.now ?? (() => new Date()))());
    if (window.end.getTime() <= window.start.getTime())
      throw new ValidationError({ "query.startUtc": ["must be before endUtc (which defaults to now)"] });
    const count = bucketCount(window.start, window.end, interval);
    if (count > MAX_BUCKETS[interval])
      throw new ValidationError({
        "query.startUtc": [
          `the window holds ${count} ${interval} buckets; at most ${MAX_BUCKETS[interval]} (narrow the window or use a longer interval)`,
        ],
      });
    const points = await deps.earnings.timeseries(
      caller.organisationId.toLowerCase(),
      raw.window?.livemode ?? deps.defaultLivemode,
      interval,
      bucketStart(window.start, interval),
      bucketStart(new Date(window.end.getTime() - 1), interval),
      splitWindow(window),
    );
    return { interval, points };
  };
}

/** The caller's earnings per item and currency, paged; default order `netEarnings desc`. */
export function makeListAppEarnings(deps: Deps) {
  return async (
    raw: RawPageQuery & { window?: RawWindow | null | undefined },
    ctx: CallContext,
  ): Promise<Paged<AppEarningsRow>> => {
    const caller = requirePrincipal(ctx, "provider");
    const window = parseWindow({ startUtc: raw.window?.startUtc ?? "", endUtc: raw.window?.endUtc ?? "" });
    const page = parsePageQuery({ ...raw, orderBy: raw.orderBy || "netEarnings" }, APP_ORDERS);
    const { items, totalCount } = await deps.earnings.apps(
      caller.organisationId.toLowerCase(),
      raw.window?.livemode ?? deps.defaultLivemode,
      splitWindow(window),
      page,
    );
    return paged(items, page.page, page.pageSize, totalCount);
  };
}
