import { LRUCache } from "lru-cache";
import type { DeviceOwnership, DeviceOwnersPort } from "../application/ports";

/** How long a device's owner, once learned, is trusted before it is asked again. */
export const DEVICE_OWNER_TTL_MS = 30_000;
/** Devices remembered at most (the least recently used one goes first). */
export const DEVICE_OWNER_CACHE_MAX = 10_000;

/**
 * Device owners for payment matching, remembered for a short while (`lru-cache`: bounded, with a TTL, and
 * one lookup in flight per device however many payments wait on it). A burst of payments for the same
 * devices then costs one iot-adapter call per device per TTL instead of one per payment. Only owners found
 * are kept: an unknown device is asked again on the payment's next delivery, so a device registered a
 * moment later is matched as soon as the platform knows it. A transfer of a device to another organisation
 * is seen by payments and checkouts at most `ttlMs` later (a checkout asks again, `fresh`, before it
 * refuses a device remembered as another organisation's, so only a transfer away from the caller waits
 * for the TTL); access checks (downloads) keep asking the adapter each time.
 */
export function cachedDeviceOwners(
  port: DeviceOwnersPort,
  options: { ttlMs?: number; max?: number; now?: () => number } = {},
): DeviceOwnersPort & { clear(): void } {
  const cache = new LRUCache<string, DeviceOwnership, string>({
    max: options.max ?? DEVICE_OWNER_CACHE_MAX,
    ttl: options.ttlMs ?? DEVICE_OWNER_TTL_MS,
    ...(options.now ? { perf: { now: options.now }, ttlResolution: 0 } : {}),
    // An unknown device (null) is not cached: `undefined` from fetchMethod stores nothing.
    fetchMethod: async (deviceId, _stale, { context }) =>
      (await port.ownerOf(deviceId, context)) ?? undefined,
  });
  return {
    async ownerOf(deviceId, requestId, options) {
      const forceRefresh = options?.fresh === true;
      return (await cache.fetch(deviceId, { context: requestId, forceRefresh })) ?? null;
    },
    clear: () => cache.clear(),
  };
}
