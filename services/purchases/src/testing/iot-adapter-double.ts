import type { IotAdapterProto } from "@mp/contracts";
import type { IotAdapterServiceHandlers } from "@mp/contracts/generated/marketplace/iotadapter/v1/IotAdapterService";
import { AppError, NotFoundError } from "@mp/errors";
import {
  type CallContext,
  type GrpcServer,
  loadProto,
  requireOrganisation,
  requirePrincipal,
  requireService,
  startGrpcServer,
  type UnaryImplementations,
  unaryHandlers,
} from "@mp/grpc";
import { testLogger } from "@mp/logger";
import type { TestMesh } from "@mp/testing";

/** A device the platform double knows: its owner, board and the application it runs, if any. */
export interface FakeDevice {
  organisationId: string;
  boardId: string;
  application?: { applicationId: number; version: string };
}

type Handlers = UnaryImplementations<IotAdapterServiceHandlers>;
type QueueInstall = Handlers["QueueInstall"];

export interface IotAdapterDoubleOptions {
  mesh: TestMesh;
  /** The platform's devices by id, lower-case hex; read on every call, so a test may change it. */
  devices: ReadonlyMap<string, FakeDevice>;
  /** The board name the platform shows for a board id. */
  boardName?: (boardId: string) => string;
  /** The metadata every device carries. */
  metadata?: Record<string, string>;
  /**
   * QueueInstall for a device the caller's organisation owns (any other is `not-found` before this runs);
   * each test plays the platform's answer its own way. Without it QueueInstall is not part of the double.
   */
  queueInstall?: (request: Parameters<QueueInstall>[0], device: FakeDevice) => ReturnType<QueueInstall>;
}

const unimplemented = async (): Promise<never> => {
  throw new AppError("internal", "not part of this test double");
};

/**
 * The iot-adapter over real gRPC and the mesh, playing the platform for purchases: who owns a device
 * (GetDeviceOwner, to purchases only), a provider's devices (ListDevices, GetDevice) and, when the test
 * gives it, QueueInstall. A device call acts for the user's organisation, or for the one purchases names
 * calling as itself (the rollout scheduler does), as the real adapter does.
 */
export function startIotAdapterDouble(options: IotAdapterDoubleOptions): Promise<GrpcServer> {
  const { devices, boardName = (id: string) => id, metadata = {}, queueInstall } = options;
  const iot = loadProto<IotAdapterProto>("marketplace/iotadapter/v1/iot_adapter.proto").marketplace.iotadapter
    .v1;
  const logger = testLogger("iot-adapter");
  const actingFor = (ctx: CallContext) =>
    requireOrganisation(ctx, { role: "provider", services: ["purchases"] });
  const mine = (deviceId: string, organisationId: string) => {
    const d = devices.get(deviceId.toLowerCase());
    if (!d || d.organisationId !== organisationId) throw new NotFoundError("Device");
    return d;
  };
  const deviceMessage = (deviceId: string, d: FakeDevice) => ({
    deviceId,
    board: { id: d.boardId, name: boardName(d.boardId) },
    metadata,
    lastSeenAt: "2026-11-23T10:00:00.000Z",
    lastRoute: "udp",
    ...(d.application ? { application: d.application } : {}),
  });
  return startGrpcServer({
    host: "127.0.0.1",
    port: 0,
    logger,
    verifier: options.mesh.verifier("iot-adapter"),
    services: {
      "marketplace.iotadapter.v1.IotAdapterService": {
        definition: iot.IotAdapterService.service,
        implementation: unaryHandlers<IotAdapterServiceHandlers>(
          "iot-adapter",
          {
            GetDeviceOwner: async (req, ctx) => {
              requireService(ctx, "purchases");
              const d = devices.get(req.deviceId);
              return {
                deviceId: req.deviceId,
                found: d !== undefined,
                organisationId: d?.organisationId ?? "",
                boardId: d?.boardId ?? "",
              };
            },
            ListDevices: async (req, ctx) => {
              const { organisationId } = requirePrincipal(ctx, "provider");
              const all = [...devices]
                .filter(([, d]) => d.organisationId === organisationId)
                .map(([id, d]) => deviceMessage(id, d));
              return {
                items: all.slice(req.offset, req.offset + req.limit),
                hasMore: req.offset + req.limit < all.length,
              };
            },
            GetDevice: async (req, ctx) => deviceMessage(req.deviceId, mine(req.deviceId, actingFor(ctx))),
            QueueInstall: queueInstall
              ? async (req, ctx) => queueInstall(req, mine(req.deviceId, actingFor(ctx)))
              : unimplemented,
            ListApplications: unimplemented,
            GetApplication: unimplemented,
            ListReleases: unimplemented,
            GetRelease: unimplemented,
            CopyReleaseBinary: unimplemented,
          },
          logger,
        ),
      },
    },
  });
}
