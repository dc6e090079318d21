import type { PurchasesClient } from "../../clients";
import { callUpstream, responses, routeOptions, type ZodApp } from "../route-kit";
import {
  toDeviceDetails,
  toDeviceList,
  toInstall,
  toPurchaseReleasePage,
  toRpcStatus,
} from "./provider-devices.mapper";
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

const MODE =
  "Purchases count in the deployment's default payment mode (test in development, live in production).";

/**
 * A provider's devices (from the IoT platform, through the purchases service and the iot-adapter), the
 * releases of their purchases, and installs with their RPC status (provider role; the caller's
 * organisation only).
 */
export function providerDevicesRoutes(app: ZodApp, deps: { purchases: PurchasesClient }): void {
  const route = routeOptions("provider", ["Provider devices"]);
  const call = deps.purchases.call.bind(deps.purchases);

  app.get(
    "/marketplace/providers/devices",
    route(
      "listProviderDevices",
      "List the organisation's IoT devices",
      `The caller's organisation's devices on the IoT platform, in the platform's order (oldest first), with the application each reports and the number of purchases for it. ${MODE}`,
      { querystring: DevicesQuery, response: responses({ 200: DeviceList }) },
    ),
    async (request) =>
      toDeviceList(await callUpstream(request, (ctx) => call("listDevices", request.query, ctx))),
  );

  app.get(
    "/marketplace/providers/devices/:deviceId/details",
    route(
      "getProviderDevice",
      "Read a purchased device's metadata and state",
      `404 unless the device belongs to the caller's organisation and has at least one purchase. \`installs\` are the device's most recent installs (up to 20), newest first. ${MODE}`,
      { params: DeviceParams, response: responses({ 200: DeviceDetails }, { notFound: true }) },
    ),
    async (request) =>
      toDeviceDetails(
        await callUpstream(request, (ctx) =>
          call("getDeviceDetails", { deviceId: request.params.deviceId }, ctx),
        ),
      ),
  );

  app.get(
    "/marketplace/providers/devices/:deviceId/purchases/:marketplaceItemId/releases",
    route(
      "listPurchaseReleases",
      "List a purchased item's releases with their compatibility",
      "Every board's releases of the item, with their compatibility with the device: `installed` when the device reports this application and version, `compatible` when built for the device's board, `incompatible` (reason `board-mismatch`) otherwise, `unknown` when the device's board or the platform release is not known. 404 unless the device belongs to the caller's organisation and has a purchase of the item.",
      {
        params: DevicePurchaseParams,
        querystring: PurchaseReleasesQuery,
        response: responses({ 200: PurchaseReleasePage }, { notFound: true }),
      },
    ),
    async (request) =>
      toPurchaseReleasePage(
        await callUpstream(request, (ctx) =>
          call("listPurchaseReleases", { ...request.params, ...request.query }, ctx),
        ),
      ),
  );

  app.post(
    "/marketplace/providers/devices/:deviceId/purchases/:marketplaceItemId/install",
    route(
      "installPurchase",
      "Queue an install of a purchased item version",
      "Queues the IoT platform's application update for the item's release of `version` built for the device's board. The purchase must be `completed` (409 `purchase-not-active`) and the version must have a release for the device's board (409 `release-incompatible` when it has releases for other boards only; 404 when the version does not exist). While an install of the same device, item and version is in flight (`queued` or `sent`), that install is returned. `rpcId` is the IoT platform's application update id, stable from the moment it is queued; follow it with `GET /marketplace/providers/rpc/{rpcId}`. When the device already runs the release nothing is queued: status `already_installed`, and `rpcId` is the install id. 409 `invalid-state` when the platform refuses the update (another update is pending for the device).",
      {
        params: DevicePurchaseParams,
        body: InstallBody,
        response: responses(
          { 200: Install },
          {
            notFound: true,
            body: true,
            conflicts: ["purchase-not-active", "release-incompatible", "invalid-state"],
          },
        ),
      },
    ),
    async (request) =>
      toInstall(
        await callUpstream(request, (ctx) =>
          call("install", { ...request.params, version: request.body.version }, ctx),
        ),
      ),
  );

  app.get(
    "/marketplace/providers/rpc/:rpcId",
    route(
      "getInstallRpc",
      "Read an install's RPC status",
      "Progress of an install, following the IoT platform's application update and its RPC: `queued` (update pending, RPC waiting), `sent`, `succeeded`, `failed` (`detail` is the platform's last error), `cancelled`, `expired` (the RPC's wait ran out), `already_installed`. `history` lists every status with when it was seen, oldest first. Another organisation's rpc id is 404.",
      { params: RpcParams, response: responses({ 200: RpcStatus }, { notFound: true }) },
    ),
    async (request) =>
      toRpcStatus(
        await callUpstream(request, (ctx) => call("getInstallRpc", { rpcId: request.params.rpcId }, ctx)),
      ),
  );
}
