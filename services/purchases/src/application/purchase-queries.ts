import { checkLimit, type Paged, parsePageQuery, type RawPageQuery } from "@mp/db";
import { type FieldErrors, ValidationError } from "@mp/errors";
import { type CallContext, requirePrincipal } from "@mp/grpc";
import type { Purchase } from "../domain/purchase";
import type { ActivityEntry, PurchaseOrder, PurchaseRepository } from "./ports";

const ORDERS: readonly PurchaseOrder[] = ["purchasedAt", "amount"];
const DEVICE_ID = /^[0-9a-f]{16}$/i;
/** Purchase activity pages by `limit` up to 500 (the contract's larger bound for this export-like view). */
const ACTIVITY_LIMIT_MAX = 500;

/** Proto3 cannot tell an absent bool from false, so the mode arrives optional; absent means the default. */
export interface ModeFilter {
  livemode?: boolean | undefined;
}

function rejectIfAny(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/**
 * The caller's organisation's purchases (provider role), newest first by default, in one mode:
 * `livemode` when given, else the deployment's default (`PAYMENTS_DEFAULT_LIVEMODE`).
 */
export function makeListPurchases(deps: { purchases: PurchaseRepository; defaultLivemode: boolean }) {
  return async (
    raw: RawPageQuery & ModeFilter & { deviceId: string },
    ctx: CallContext,
  ): Promise<Paged<Purchase>> => {
    const caller = requirePrincipal(ctx, "provider");
    if (raw.deviceId && !DEVICE_ID.test(raw.deviceId))
      rejectIfAny({ "query.deviceId": ["must be 16 hex characters"] });
    const page = parsePageQuery({ ...raw, orderBy: raw.orderBy || "purchasedAt" }, ORDERS);
    return deps.purchases.list(caller.organisationId.toLowerCase(), {
      ...page,
      livemode: raw.livemode ?? deps.defaultLivemode,
      ...(raw.deviceId ? { deviceId: raw.deviceId.toLowerCase() } : {}),
    });
  };
}

function parseInstant(value: string, field: string, errors: FieldErrors): Date | undefined {
  if (!value) return undefined;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) errors[field] = ["must be an ISO 8601 date-time"];
  return at;
}

/**
 * The caller's organisation's purchase activity (purchases, refunds, disputes), newest first, within
 * `[startUtc, endUtc)` when given; `limit` 1..500 (0 means the default, 50).
 */
export function makeListActivity(deps: { purchases: PurchaseRepository; defaultLivemode: boolean }) {
  return async (
    raw: ModeFilter & { startUtc: string; endUtc: string; limit: number },
    ctx: CallContext,
  ): Promise<{ items: ActivityEntry[]; limit: number }> => {
    const caller = requirePrincipal(ctx, "provider");
    const errors: FieldErrors = {};
    const start = parseInstant(raw.startUtc, "query.startUtc", errors);
    const end = parseInstant(raw.endUtc, "query.endUtc", errors);
    const limit = checkLimit(raw.limit, errors, { max: ACTIVITY_LIMIT_MAX });
    rejectIfAny(errors);
    const items = await deps.purchases.activity(caller.organisationId.toLowerCase(), {
      livemode: raw.livemode ?? deps.defaultLivemode,
      ...(start ? { start } : {}),
      ...(end ? { end } : {}),
      limit,
    });
    return { items, limit };
  };
}
