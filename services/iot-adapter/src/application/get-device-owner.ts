import { ValidationError } from "@mp/errors";
import { type CallContext, requireService } from "@mp/grpc";
import type { DeviceOwnership, IotPlatform } from "./ports";

const DEVICE_ID = /^[0-9a-f]{16}$/i;

/**
 * The organisation owning a device and the device's board, for purchases checking that a payment's device belongs to the listing's
 * provider. Only purchases, calling as itself, may ask: a user would learn other organisations' devices.
 */
export function makeGetDeviceOwner(deps: { platform: IotPlatform }) {
  return async (
    deviceId: string,
    ctx: CallContext,
  ): Promise<{ deviceId: string; owner: DeviceOwnership | null }> => {
    requireService(ctx, "purchases");
    if (!DEVICE_ID.test(deviceId)) throw new ValidationError({ deviceId: ["must be 16 hex characters"] });
    const id = deviceId.toLowerCase();
    return { deviceId: id, owner: await deps.platform.deviceOwner(id, ctx.signal) };
  };
}
