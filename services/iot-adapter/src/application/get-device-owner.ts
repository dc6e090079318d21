import { ValidationError } from "@mp/errors";
import { type CallContext, requireService } from "@mp/grpc";
import type { IotPlatform } from "./ports";

const DEVICE_ID = /^[0-9a-f]{16}$/i;

/**
 * The organisation owning a device, for purchases checking that a payment's device belongs to the listing's
 * provider. Only purchases, calling as itself, may ask: a user would learn other organisations' devices.
 */
export function makeGetDeviceOwner(deps: { platform: IotPlatform }) {
  return async (
    deviceId: string,
    ctx: CallContext,
  ): Promise<{ deviceId: string; organisationId: string | null }> => {
    requireService(ctx, "purchases");
    if (!DEVICE_ID.test(deviceId)) throw new ValidationError({ deviceId: ["must be 16 hex characters"] });
    const id = deviceId.toLowerCase();
    return { deviceId: id, organisationId: await deps.platform.deviceOwner(id, ctx.signal) };
  };
}
