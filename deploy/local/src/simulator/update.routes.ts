import type { DeviceApplicationUpdate, DeviceApplicationUpdateStatus, DownlinkMessage } from "./api-types";
import {
  badRequest,
  deviceIdsBody,
  json,
  type ListSpec,
  noContent,
  notFound,
  page,
  type Router,
} from "./http-kit";
import type { World } from "./world";

const UPDATES: ListSpec<DeviceApplicationUpdate> = {
  orderBy: {
    completedAt: (u) => u.completedAt,
    createdAt: (u) => u.createdAt,
    lastAttemptAt: (u) => u.lastAttemptAt,
    lastError: (u) => u.lastError,
    releaseId: (u) => u.releaseId,
    status: (u) => u.status,
    updatedAt: (u) => u.updatedAt,
  },
  defaultOrderBy: "createdAt",
  defaultDir: "desc",
  id: (u) => u.id,
};

const STATUSES: readonly DeviceApplicationUpdateStatus[] = ["pending", "success", "failed", "cancelled"];

/** DeviceApplicationUpdateAndMessage: the update plus its latest downlink message, when it has one. */
function withMessage(
  world: World,
  update: DeviceApplicationUpdate,
): DeviceApplicationUpdate & {
  downlinkMessage?: DownlinkMessage;
} {
  const message = update.downlinkMessageId ? world.messages.get(update.downlinkMessageId) : undefined;
  return message ? { ...update, downlinkMessage: message } : { ...update };
}

/**
 * Queueing, listing and cancelling application updates: 201 queued vs 200 already-on-release on create,
 * 204 when nothing is pending (get pending, cancel), and the batch pending query.
 */
export function registerUpdateRoutes(router: Router, world: () => World): void {
  const base = "/device/deviceId/:deviceId/application/updates";
  router
    .add("POST", base, ({ params, body }) => {
      const device = world().device(params.deviceId!);
      const releaseId = (body as { releaseId?: unknown } | null)?.releaseId;
      if (typeof releaseId !== "string" || releaseId === "") throw badRequest("releaseId is required");
      const result = world().queueUpdate(device, releaseId);
      return result.status === 201 ? json(result.update, 201) : json(result.state, 200);
    })
    .add("GET", base, ({ params, query }) => {
      const device = world().device(params.deviceId!);
      const status = query.get("status");
      if (status !== null && !STATUSES.includes(status as DeviceApplicationUpdateStatus)) {
        throw badRequest(`status must be one of ${STATUSES.join(", ")}`);
      }
      const updates = world()
        .updatesOf(device)
        .filter((u) => status === null || u.status === status);
      return json(page(updates, query, UPDATES));
    })
    .add("DELETE", base, ({ params }) => {
      const cancelled = world().cancel(world().device(params.deviceId!));
      return cancelled ? json(cancelled) : noContent();
    })
    .add("GET", `${base}/pending`, ({ params }) => {
      const pending = world().pendingOf(world().device(params.deviceId!));
      return pending ? json(withMessage(world(), pending)) : noContent();
    })
    .add("GET", `${base}/:updateId`, ({ params }) => {
      const device = world().device(params.deviceId!);
      const update = world()
        .updatesOf(device)
        .find((u) => u.id === params.updateId?.toLowerCase());
      if (!update) throw notFound("application update");
      return json(withMessage(world(), update));
    })
    .add("POST", "/device/application/updates/pending/query", ({ body }) => {
      const data: Record<string, ReturnType<typeof withMessage>> = {};
      for (const deviceId of deviceIdsBody(body)) {
        const device = world().byDeviceId.get(deviceId);
        const pending = device && world().pendingOf(device);
        if (pending) data[deviceId] = withMessage(world(), pending);
      }
      return json({ data });
    });
}
