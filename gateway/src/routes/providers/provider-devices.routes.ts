import { declarePending, responses, type ZodApp } from "../route-kit";
import {
  DeviceDetails,
  DeviceList,
  DeviceParams,
  DevicePurchaseParams,
  DevicesQuery,
  Install,
  InstallBody,
  PurchaseReleasePage,
  PurchaseReleasesQuery,
  RpcParams,
  RpcStatus,
} from "./provider-devices.schemas";

/** A provider's devices, the releases of their purchases, and installs (provider role; not built yet). */
export function providerDevicesRoutes(app: ZodApp): void {
  const tags = ["Provider devices"];
  const access = "provider";
  declarePending(app, {
    method: "GET",
    url: "/marketplace/providers/devices",
    access,
    operationId: "listProviderDevices",
    tags,
    summary: "List the organisation's IoT devices",
    querystring: DevicesQuery,
    response: responses({ 200: DeviceList }, { pending: true }),
  });
  declarePending(app, {
    method: "GET",
    url: "/marketplace/providers/devices/:deviceId/details",
    access,
    operationId: "getProviderDevice",
    tags,
    summary: "Read a purchased device's metadata and state",
    description: "404 unless the device belongs to the provider and has at least one purchase.",
    params: DeviceParams,
    response: responses({ 200: DeviceDetails }, { notFound: true, pending: true }),
  });
  declarePending(app, {
    method: "GET",
    url: "/marketplace/providers/devices/:deviceId/purchases/:marketplaceItemId/releases",
    access,
    operationId: "listPurchaseReleases",
    tags,
    summary: "List a purchased item's releases with their compatibility",
    params: DevicePurchaseParams,
    querystring: PurchaseReleasesQuery,
    response: responses({ 200: PurchaseReleasePage }, { notFound: true, pending: true }),
  });
  declarePending(app, {
    method: "POST",
    url: "/marketplace/providers/devices/:deviceId/purchases/:marketplaceItemId/install",
    access,
    operationId: "installPurchase",
    tags,
    summary: "Queue an install of a purchased item version",
    description:
      "Queues the IoT platform's application update for the matching release. While an install of the same device, item and version is in flight, the same install is returned.",
    params: DevicePurchaseParams,
    body: InstallBody,
    response: responses(
      { 200: Install },
      {
        body: true,
        notFound: true,
        conflicts: ["purchase-not-active", "release-incompatible"],
        pending: true,
      },
    ),
  });
  declarePending(app, {
    method: "GET",
    url: "/marketplace/providers/rpc/:rpcId",
    access,
    operationId: "getInstallRpc",
    tags,
    summary: "Read an install's RPC status",
    params: RpcParams,
    response: responses({ 200: RpcStatus }, { notFound: true, pending: true }),
  });
}
