import { deviceView } from "./device.routes";
import { ApiError, badRequest, intParam, json, noContent, Router } from "./http-kit";
import type { RequestLimit } from "./rate-limit";
import type { Outcome, World } from "./world";

/** What `POST /__simulator/outage` set: every real-API route waits `delayMs`, then answers `status` (0 = normally). */
export interface Outage {
  status: number;
  delayMs: number;
}

export interface ControlState {
  world: () => World;
  outage: Outage;
  limit: RequestLimit;
  tick: () => void;
  reset: () => void;
}

/**
 * The simulator's own routes, under `/__simulator/` so they can never collide with the platform's, and
 * unauthenticated: tests drive updates, outages and resets through them.
 */
export function controlRouter(control: ControlState): Router {
  return new Router()
    .add("POST", "/__simulator/updates/advance", ({ body }) => {
      const input = (body ?? {}) as { deviceId?: unknown; updateId?: unknown; outcome?: unknown };
      const deviceId = optionalString(input.deviceId, "deviceId");
      const updateId = optionalString(input.updateId, "updateId");
      if (input.outcome !== undefined && input.outcome !== "success" && input.outcome !== "failed") {
        throw badRequest("outcome must be success or failed");
      }
      const outcome = input.outcome as Outcome | undefined;
      return json({ settled: control.world().advance({ deviceId, updateId, outcome }) });
    })
    .add("POST", "/__simulator/tick", () => {
      control.tick();
      return noContent();
    })
    .add("POST", "/__simulator/outage", ({ body }) => {
      const input = (body ?? {}) as { status?: unknown; delayMs?: unknown };
      const status = input.status;
      if (
        typeof status !== "number" ||
        !(status === 0 || (Number.isInteger(status) && status >= 400 && status <= 599))
      ) {
        throw badRequest("status must be 0 (off) or an HTTP error status such as 500 or 503");
      }
      const delayMs = input.delayMs ?? 0;
      if (typeof delayMs !== "number" || !Number.isInteger(delayMs) || delayMs < 0 || delayMs > 600_000) {
        throw badRequest("delayMs must be an integer between 0 and 600000");
      }
      control.outage.status = status;
      control.outage.delayMs = delayMs;
      return json({ ...control.outage });
    })
    .add("POST", "/__simulator/devices", ({ body }) => {
      const input = (body ?? {}) as { deviceId?: unknown; organisationId?: unknown; boardId?: unknown };
      const [deviceId, organisationId, boardId] = (["deviceId", "organisationId", "boardId"] as const).map(
        (name) => {
          const value = optionalString(input[name], name);
          if (value === undefined) throw badRequest(`${name} is required`);
          return value;
        },
      ) as [string, string, string];
      return json(deviceView(control.world().addDevice({ deviceId, organisationId, boardId })), 201);
    })
    .add("GET", "/__simulator/stats", ({ query }) => {
      // `clockMs` is the simulator's clock now; `busiestSecond` the most requests let through in any one
      // second since `?since=<clockMs>` (default: every request it remembers, up to the last 131,072).
      const since = intParam(query, "since", 0, 0, Number.MAX_SAFE_INTEGER);
      return json({
        maxRps: control.limit.maxRps,
        allowed: control.limit.allowed,
        throttled: control.limit.refused,
        busiestSecond: control.limit.busiestSecond(since),
        clockMs: Math.floor(control.limit.clock()),
        devices: control.world().devices.length,
      });
    })
    .add("POST", "/__simulator/rate-limit", ({ body }) => {
      const maxRps = ((body ?? {}) as { maxRps?: unknown }).maxRps;
      if (typeof maxRps !== "number" || !Number.isFinite(maxRps) || maxRps < 0 || maxRps > 100_000)
        throw badRequest("maxRps must be a number from 0 (no limit) to 100000");
      control.limit.setMaxRps(maxRps);
      control.limit.resetCounts();
      return json({ maxRps });
    })
    .add("POST", "/__simulator/reset", () => {
      control.reset();
      return noContent();
    });
}

function optionalString(value: unknown, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string" || value === "")
    throw new ApiError(400, `${name} must be a non-empty string`);
  return value;
}
