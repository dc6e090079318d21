import type { Device, DeviceApplicationState } from "./api-types";
import {
  badRequest,
  deviceIdsBody,
  isUuid,
  json,
  type ListSpec,
  notFound,
  page,
  type Router,
  uuidParam,
} from "./http-kit";
import type { SeedDevice } from "./seed";
import type { World } from "./world";

const DEVICE_ORDER = {
  boardId: (d: SeedDevice) => d.boardId,
  createdAt: (d: SeedDevice) => d.createdAt,
  deviceId: (d: SeedDevice) => d.deviceId,
  mcuId: (d: SeedDevice) => d.mcuId,
  organisationId: (d: SeedDevice) => d.organisationId,
  updatedAt: (d: SeedDevice) => d.updatedAt,
};

const DEVICES: ListSpec<SeedDevice> = {
  orderBy: DEVICE_ORDER,
  defaultOrderBy: "createdAt",
  defaultDir: "asc",
  id: (d) => d.id,
};

const DEVICES_AND_STATE: ListSpec<SeedDevice> = {
  ...DEVICES,
  orderBy: {
    ...DEVICE_ORDER,
    firstPacketTime: (d) => d.state.firstPacketTime,
    lastRouteTime: (d) => d.state.lastRouteTime,
    lastRouteUdpTime: (d) => d.state.lastRouteUdpTime,
  },
};

/** The wire Device: the seed's state and simulator flags stay inside. */
export function deviceView(device: SeedDevice): Device {
  const { state: _state, applicationState: _app, failUpdates: _fail, ...view } = device;
  return view;
}

function applicationStateOf(device: SeedDevice): DeviceApplicationState {
  if (!device.applicationState) throw notFound("device application state");
  return device.applicationState;
}

function metadataFilter(query: URLSearchParams): (device: SeedDevice) => boolean {
  const name = query.get("metadataName");
  const value = query.get("metadataValue");
  if (name === null && value === null) return () => true;
  return (device) =>
    Object.entries(device.metadata).some(
      ([k, v]) => (name === null || k === name) && (value === null || v === value),
    );
}

/** Device lookups, device state and the reported application state (single and batch). */
export function registerDeviceRoutes(router: Router, world: () => World): void {
  router
    .add("GET", "/device", ({ query }) => {
      const orgId = uuidParam(query, "organisationId");
      const boardIds = query.getAll("boardIds").map((id) => id.toLowerCase());
      if (!boardIds.every(isUuid)) throw badRequest("boardIds must be UUIDs");
      const meta = metadataFilter(query);
      const devices = world().devices.filter(
        (d) =>
          d.organisationId === orgId && (boardIds.length === 0 || boardIds.includes(d.boardId)) && meta(d),
      );
      return json(page(devices, query, DEVICES).map(deviceView));
    })
    .add("GET", "/device-and-state", ({ query }) => {
      const orgId = uuidParam(query, "organisationId");
      const devices = world().devices.filter((d) => d.organisationId === orgId);
      return json(page(devices, query, DEVICES_AND_STATE).map((d) => ({ ...deviceView(d), state: d.state })));
    })
    .add("GET", "/board/id/:id/devices", ({ params, query }) => {
      if (!isUuid(params.id)) throw badRequest("id must be a UUID");
      const board = world().board(params.id);
      const meta = metadataFilter(query);
      const devices = world().devices.filter((d) => d.boardId === board.id && meta(d));
      return json(page(devices, query, DEVICES).map(deviceView));
    })
    .add("GET", "/device/id/:id", ({ params }) => json(deviceView(world().deviceByUuid(params.id!))))
    .add("GET", "/device/id/:id/state", ({ params }) => json(world().deviceByUuid(params.id!).state))
    .add("GET", "/device/deviceId/:deviceId", ({ params }) =>
      json(deviceView(world().device(params.deviceId!))),
    )
    .add("GET", "/device/deviceId/:deviceId/state", ({ params }) =>
      json(world().device(params.deviceId!).state),
    )
    .add("GET", "/device/deviceId/:deviceId/application/state", ({ params }) =>
      json(applicationStateOf(world().device(params.deviceId!))),
    )
    .add("POST", "/device/application/state/query", ({ body }) => {
      const data: Record<string, DeviceApplicationState> = {};
      for (const deviceId of deviceIdsBody(body)) {
        const state = world().byDeviceId.get(deviceId)?.applicationState;
        if (state) data[deviceId] = state;
      }
      return json({ data });
    });
}
