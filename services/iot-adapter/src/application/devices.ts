import { NotFoundError, ValidationError } from "@mp/errors";
import { type CallContext, requireOrganisation, requirePrincipal } from "@mp/grpc";
import { DEVICE_ID, type IotDevice } from "../domain/device";
import type { DevicePlatform, Slice, Window } from "./ports";
import { parseWindow } from "./window";

/** A device id of the contract: 16 hex characters, lowercased. */
export function parseDeviceId(deviceId: string, field = "deviceId"): string {
  if (!DEVICE_ID.test(deviceId)) throw new ValidationError({ [field]: ["must be 16 hex characters"] });
  return deviceId.toLowerCase();
}

/** The principal's organisation's devices with their state (provider role). */
export function makeListDevices(deps: { platform: DevicePlatform }) {
  return async (
    raw: { limit: number; offset: number },
    ctx: CallContext,
  ): Promise<Slice<IotDevice> & Window> => {
    const { organisationId } = requirePrincipal(ctx, "provider");
    const window = parseWindow(raw);
    const slice = await deps.platform.listDevices(organisationId, window, ctx.signal);
    // Defence in depth: the platform filters by organisation; never pass on another's device.
    const items = slice.items.filter((d) => d.organisationId === organisationId.toLowerCase());
    return { items, hasMore: slice.hasMore, ...window };
  };
}

/**
 * One device of the caller's organisation; another organisation's (or an unknown) device is not-found.
 * The caller is a provider, or purchases acting for an organisation it names: a rollout queues installs
 * long after the user's request (and its forwarded assertion) has gone.
 */
export function makeGetDevice(deps: { platform: DevicePlatform }) {
  return async (rawDeviceId: string, ctx: CallContext, options?: { state?: boolean }): Promise<IotDevice> => {
    const organisationId = requireOrganisation(ctx, { role: "provider", services: ["purchases"] });
    const deviceId = parseDeviceId(rawDeviceId);
    const device = await deps.platform.getDevice(deviceId, ctx.signal, options);
    if (!device || device.organisationId !== organisationId.toLowerCase()) throw new NotFoundError("Device");
    return device;
  };
}
