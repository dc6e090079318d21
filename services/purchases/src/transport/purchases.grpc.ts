import type { PurchasesProto } from "@mp/contracts";
import type { PurchasesServiceHandlers } from "@mp/contracts/generated/marketplace/purchases/v1/PurchasesService";
import { loadProto, type ServiceRegistration, unaryHandlers } from "@mp/grpc";
import type { Logger } from "@mp/logger";
import type { makeCreateCheckoutSession } from "../application/checkout";
import type { makeCreateRollout } from "../application/create-rollout";
import type { makeGetDownloadAccess } from "../application/get-download-access";
import type { makeGetInstallRpc, makeInstall } from "../application/install";
import type {
  makeGetDeviceDetails,
  makeListDevices,
  makeListPurchaseReleases,
} from "../application/provider-devices";
import type { makeListActivity, makeListPurchases } from "../application/purchase-queries";
import type { makeCreateRefund } from "../application/refund";
import type { makeRolloutCommands } from "../application/rollout-commands";
import type { makeRolloutQueries } from "../application/rollout-queries";
import {
  toActivityMessage,
  toDeviceDetailsMessage,
  toDeviceMessage,
  toDownloadAccessMessage,
  toInstallMessage,
  toInstallRpcMessage,
  toMoneyMessage,
  toPurchasePage,
  toPurchaseReleasePage,
} from "./purchases.mapper";
import {
  toRolloutDevicePage,
  toRolloutEventsMessage,
  toRolloutMessage,
  toRolloutPage,
} from "./rollouts.mapper";

export const PURCHASES_SERVICE = "marketplace.purchases.v1.PurchasesService";

export interface PurchasesUseCases {
  listPurchases: ReturnType<typeof makeListPurchases>;
  listActivity: ReturnType<typeof makeListActivity>;
  getDownloadAccess: ReturnType<typeof makeGetDownloadAccess>;
  listDevices: ReturnType<typeof makeListDevices>;
  getDeviceDetails: ReturnType<typeof makeGetDeviceDetails>;
  listPurchaseReleases: ReturnType<typeof makeListPurchaseReleases>;
  install: ReturnType<typeof makeInstall>;
  getInstallRpc: ReturnType<typeof makeGetInstallRpc>;
  createCheckoutSession: ReturnType<typeof makeCreateCheckoutSession>;
  createRefund: ReturnType<typeof makeCreateRefund>;
  createRollout: ReturnType<typeof makeCreateRollout>;
  rolloutQueries: ReturnType<typeof makeRolloutQueries>;
  rolloutCommands: ReturnType<typeof makeRolloutCommands>;
}

/**
 * The provider's purchases and activity feed (provider role), and download access (any role); always the
 * caller's organisation only.
 */
export function purchasesGrpc(u: PurchasesUseCases, logger: Logger): ServiceRegistration {
  const proto = loadProto<PurchasesProto>("marketplace/purchases/v1/purchases.proto").marketplace.purchases
    .v1;
  const implementation = unaryHandlers<PurchasesServiceHandlers>(
    "purchases",
    {
      ListPurchases: async (request, ctx) => toPurchasePage(await u.listPurchases(request, ctx)),
      ListPurchaseActivity: async (request, ctx) => {
        const { items, limit } = await u.listActivity(request, ctx);
        return { items: items.map(toActivityMessage), limit };
      },
      GetDownloadAccess: async (request, ctx) =>
        toDownloadAccessMessage(await u.getDownloadAccess(request, ctx)),
      ListDevices: async (request, ctx) => {
        const page = await u.listDevices(request, ctx);
        return { ...page, items: page.items.map(toDeviceMessage) };
      },
      GetDeviceDetails: async (request, ctx) =>
        toDeviceDetailsMessage(await u.getDeviceDetails(request.deviceId, ctx)),
      ListPurchaseReleases: async (request, ctx) =>
        toPurchaseReleasePage(await u.listPurchaseReleases(request, ctx)),
      Install: async (request, ctx) => toInstallMessage(await u.install(request, ctx)),
      GetInstallRpc: async (request, ctx) => toInstallRpcMessage(await u.getInstallRpc(request.rpcId, ctx)),
      CreateCheckoutSession: async (request, ctx) => {
        const session = await u.createCheckoutSession(request, ctx);
        return {
          checkoutSessionId: session.checkoutSessionId,
          url: session.url,
          expiresAt: session.expiresAt.toISOString(),
          amount: toMoneyMessage(session.amount),
        };
      },
      CreateRefund: async (request, ctx) => {
        const refund = await u.createRefund(
          {
            purchaseId: request.purchaseId,
            amount: request.amount === undefined ? undefined : Number(request.amount),
            reason: request.reason,
          },
          ctx,
        );
        return {
          refundId: refund.id,
          purchaseId: refund.purchaseId,
          status: refund.status,
          amount: toMoneyMessage(refund.amount),
        };
      },
      CreateRollout: async (request, ctx) => toRolloutMessage(await u.createRollout(request, ctx)),
      ListRollouts: async (request, ctx) => toRolloutPage(await u.rolloutQueries.list(request, ctx)),
      GetRollout: async (request, ctx) =>
        toRolloutMessage(await u.rolloutQueries.get(request.rolloutId, ctx)),
      ListRolloutDevices: async (request, ctx) =>
        toRolloutDevicePage(await u.rolloutQueries.devices(request, ctx)),
      ListRolloutEvents: async (request, ctx) =>
        toRolloutEventsMessage(
          await u.rolloutQueries.events({ ...request, afterId: Number(request.afterId) }, ctx),
        ),
      ResumeRollout: async (request, ctx) =>
        toRolloutMessage(await u.rolloutCommands.resume(request.rolloutId, ctx)),
      CancelRollout: async (request, ctx) =>
        toRolloutMessage(await u.rolloutCommands.cancel(request.rolloutId, ctx)),
    },
    logger,
  );
  return { definition: proto.PurchasesService.service, implementation };
}
