import type { CheckoutSession__Output } from "@mp/contracts/generated/marketplace/purchases/v1/CheckoutSession";
import type { Refund__Output } from "@mp/contracts/generated/marketplace/purchases/v1/Refund";
import type { z } from "zod";
import { isoTimestamp } from "../shared/timestamps";
import type { CheckoutSession, RefundAccepted } from "./provider-payments.schemas";
import { toMoney } from "./provider-purchases.mapper";

export const toCheckoutSession = (s: CheckoutSession__Output): z.input<typeof CheckoutSession> => ({
  checkoutSessionId: s.checkoutSessionId,
  url: s.url,
  expiresAt: isoTimestamp(s.expiresAt),
  amount: toMoney(s.amount),
});

export const toRefundAccepted = (r: Refund__Output): z.input<typeof RefundAccepted> => ({
  refundId: r.refundId,
  purchaseId: r.purchaseId,
  status: r.status,
  amount: toMoney(r.amount),
});
