import { type Paged, paged, parsePageQuery, type RawPageQuery } from "@mp/db";
import { type FieldErrors, ValidationError } from "@mp/errors";
import type { CallContext } from "@mp/grpc";
import { isGuid } from "@mp/ids";
import { type EarningsRepository, PLATFORM_ORDERS, type PlatformFeesRow } from "./earnings.ports";
import type { RawWindow } from "./earnings-queries";
import { parseWindow, splitWindow } from "./earnings-window";
import { requirePlatformOperator } from "./platform-operator";

const CURRENCY = /^[A-Z]{3}$/;

/**
 * Fees the platform collected (the platform operator only), per instance, currency and UTC month, within `[startUtc, endUtc)`
 * (an absent side is unbounded), net of reversals; default order `month desc`.
 */
export function makeListPlatformFees(deps: {
  earnings: EarningsRepository;
  defaultLivemode: boolean;
  operatorOrganisationId: string | undefined;
}) {
  return async (
    raw: RawPageQuery & {
      window?: RawWindow | null | undefined;
      marketplaceInstanceId: string;
      currency: string;
    },
    ctx: CallContext,
  ): Promise<Paged<PlatformFeesRow>> => {
    requirePlatformOperator(ctx, deps.operatorOrganisationId);
    const errors: FieldErrors = {};
    if (raw.marketplaceInstanceId && !isGuid(raw.marketplaceInstanceId))
      errors["query.marketplaceInstanceId"] = ["must be a guid"];
    if (raw.currency && !CURRENCY.test(raw.currency))
      errors["query.currency"] = ["must be an ISO 4217 code (3 capital letters)"];
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    const window = parseWindow({ startUtc: raw.window?.startUtc ?? "", endUtc: raw.window?.endUtc ?? "" });
    const page = parsePageQuery({ ...raw, orderBy: raw.orderBy || "month" }, PLATFORM_ORDERS);
    const { items, totalCount } = await deps.earnings.platform(
      raw.window?.livemode ?? deps.defaultLivemode,
      {
        marketplaceInstanceId: raw.marketplaceInstanceId
          ? raw.marketplaceInstanceId.toLowerCase()
          : undefined,
        currency: raw.currency || undefined,
      },
      splitWindow(window),
      page,
    );
    return paged(items, page.page, page.pageSize, totalCount);
  };
}
