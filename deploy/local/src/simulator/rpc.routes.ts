import type { RpcReq } from "./api-types";
import { deviceView } from "./device.routes";
import {
  badRequest,
  boolParam,
  isDeviceId,
  isUuid,
  json,
  type ListSpec,
  notFound,
  optionalInt,
  page,
  type Router,
} from "./http-kit";
import type { RpcRecord, World } from "./world";

/** The few command names the simulator resolves to ids (Infuse's RPC catalogue has many more). */
export const RPC_COMMANDS: Record<string, number> = {
  reboot: 1,
  fault: 2,
  time_get: 3,
  time_set: 4,
  application_info: 9,
  coap_download: 30,
};

function rpcList(world: World): ListSpec<RpcRecord> {
  const message = (r: RpcRecord) => world.messages.get(r.downlinkMessageId)!;
  return {
    orderBy: {
      commandId: (r) => message(r).rpcReq.commandId,
      completedAt: (r) => message(r).completedAt,
      createdAt: (r) => r.createdAt,
      deviceId: (r) => world.deviceByUuid(r.deviceUuid).deviceId,
      expiresAt: (r) => message(r).expiresAt,
      sentAt: (r) => message(r).sentAt,
      status: (r) => message(r).status,
      updatedAt: (r) => message(r).updatedAt,
    },
    defaultOrderBy: "createdAt",
    defaultDir: "desc",
    id: (r) => r.id,
  };
}

function rpcView(world: World, rpc: RpcRecord) {
  return {
    createdAt: rpc.createdAt,
    id: rpc.id,
    downlinkMessageId: rpc.downlinkMessageId,
    device: deviceView(world.deviceByUuid(rpc.deviceUuid)),
    downlinkMessage: world.messages.get(rpc.downlinkMessageId)!,
  };
}

function parseRpcBody(body: unknown): { deviceId: string; req: Omit<RpcReq, "requestId">; waitMs?: number } {
  const input = (body ?? {}) as {
    deviceId?: unknown;
    rpc?: { commandId?: unknown; commandName?: unknown; params?: unknown; paramsEncoded?: unknown };
    sendWaitTimeoutMs?: unknown;
  };
  if (!isDeviceId(input.deviceId)) throw badRequest("deviceId must be 16 hex characters");
  const rpc = input.rpc;
  if (typeof rpc !== "object" || rpc === null) throw badRequest("rpc is required");
  let commandId: number | undefined;
  if (typeof rpc.commandId === "number" && Number.isInteger(rpc.commandId)) commandId = rpc.commandId;
  else if (typeof rpc.commandName === "string") commandId = RPC_COMMANDS[rpc.commandName];
  if (commandId === undefined) throw badRequest("rpc.commandId or a known rpc.commandName is required");
  const req: Omit<RpcReq, "requestId"> = { commandId };
  if (typeof rpc.params === "object" && rpc.params !== null)
    req.params = rpc.params as Record<string, unknown>;
  if (typeof rpc.paramsEncoded === "string") req.paramsEncoded = rpc.paramsEncoded;
  const wait = input.sendWaitTimeoutMs;
  if (wait !== undefined && (typeof wait !== "number" || !Number.isInteger(wait) || wait < 0)) {
    throw badRequest("sendWaitTimeoutMs must be a non-negative integer");
  }
  return { deviceId: input.deviceId.toLowerCase(), req, waitMs: wait };
}

/**
 * RPCs: create (201 CreatedRpcMessage), get, and the filtered list. Messages of queued application
 * updates are listed here too, as on the platform. Expiry shows only through `expiresAt`.
 */
export function registerRpcRoutes(router: Router, world: () => World): void {
  router
    .add("POST", "/rpc", ({ body }) => {
      const { deviceId, req, waitMs } = parseRpcBody(body);
      const rpc = world().createRpc(world().device(deviceId), req, waitMs ?? 60_000);
      return json({ createdAt: rpc.createdAt, id: rpc.id, downlinkMessageId: rpc.downlinkMessageId }, 201);
    })
    .add("GET", "/rpc/:id", ({ params }) => {
      const rpc = world().rpcs.get(params.id!.toLowerCase());
      if (!rpc) throw notFound("rpc message");
      return json(rpcView(world(), rpc));
    })
    .add("GET", "/rpc", ({ query }) => {
      const w = world();
      const filter = rpcFilter(w, query);
      return json(page([...w.rpcs.values()].filter(filter), query, rpcList(w)).map((r) => rpcView(w, r)));
    });
}

function rpcFilter(world: World, query: URLSearchParams): (rpc: RpcRecord) => boolean {
  const organisationId = query.get("organisationId");
  if (organisationId !== null && !isUuid(organisationId)) throw badRequest("organisationId must be a UUID");
  const deviceId = query.get("deviceId");
  const status = query.get("status");
  if (status !== null && !["waiting", "sent", "completed"].includes(status)) {
    throw badRequest("status must be waiting, sent or completed");
  }
  const start = timeParam(query, "startTime");
  const end = timeParam(query, "endTime");
  const commandId = optionalInt(query, "rpcCommandId");
  const showExpired = boolParam(query, "showExpired", true);
  const now = Date.now();
  return (rpc) => {
    const device = world.deviceByUuid(rpc.deviceUuid);
    const message = world.messages.get(rpc.downlinkMessageId)!;
    const created = Date.parse(rpc.createdAt);
    const expired =
      message.status === "waiting" && message.expiresAt !== undefined && Date.parse(message.expiresAt) < now;
    return (
      (organisationId === null || device.organisationId === organisationId.toLowerCase()) &&
      (deviceId === null || device.deviceId === deviceId.toLowerCase()) &&
      (status === null || message.status === status) &&
      (start === undefined || created >= start) &&
      (end === undefined || created <= end) &&
      (commandId === undefined || message.rpcReq.commandId === commandId) &&
      (showExpired || !expired)
    );
  };
}

function timeParam(query: URLSearchParams, name: string): number | undefined {
  const raw = query.get(name);
  if (raw === null) return undefined;
  const time = Date.parse(raw);
  if (Number.isNaN(time)) throw badRequest(`${name} must be an ISO-8601 datetime`);
  return time;
}
