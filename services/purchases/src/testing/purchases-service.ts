import { randomUUID } from "node:crypto";
import { newEvent } from "@mp/bus";
import { ownerOfSubject, type Principal, type PurchasesProto } from "@mp/contracts";
import { createUnaryClient, type GrpcServer, loadProto } from "@mp/grpc";
import { testLogger } from "@mp/logger";
import { type RunningService, startService } from "@mp/runtime";
import { infraEnv, type TestInfra, type TestMesh } from "@mp/testing";
import { purchasesService } from "../module";

/**
 * The configuration of a purchases replica under test: the file's database and bus namespace, the
 * iot-adapter double, an object store nothing in these tests reaches, and `extra` on top.
 */
export function purchasesEnv(
  infra: TestInfra,
  mesh: TestMesh,
  iotAdapter: GrpcServer,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    ...infraEnv(infra),
    PURCHASES_GRPC_PORT: "0",
    S3_ENDPOINT: "http://127.0.0.1:1",
    S3_ACCESS_KEY_ID: "x",
    S3_SECRET_ACCESS_KEY: "x",
    S3_BUCKET: "releases",
    IOT_ADAPTER_GRPC_URL: `127.0.0.1:${iotAdapter.port}`,
    LOG_LEVEL: "silent",
    ...mesh.env("purchases"),
    ...extra,
  };
}

/** A purchases replica started in-process with `purchasesEnv`, logging as `name`. */
export function startPurchases(
  name: string,
  infra: TestInfra,
  mesh: TestMesh,
  iotAdapter: GrpcServer,
  extra: Record<string, string> = {},
): Promise<RunningService> {
  return startService(purchasesService, purchasesEnv(infra, mesh, iotAdapter, extra), {
    logger: testLogger(name),
  });
}

const proto = loadProto<PurchasesProto>("marketplace/purchases/v1/purchases.proto").marketplace.purchases.v1;

/** A gRPC client of one purchases replica, calling as the gateway does (its mesh identity). */
export const purchasesClient = (svc: RunningService, mesh: TestMesh) =>
  createUnaryClient(proto.PurchasesService, `127.0.0.1:${svc.grpcPort}`, {
    upstream: "purchases",
    identity: mesh.gateway,
  });

/**
 * The call context of a user's request: the principal the gateway verified, and a request id of its own
 * (a rollout is created once per request id, so two requests never share one).
 */
export const as = (principal: Principal, requestId: string = randomUUID()) => ({ principal, requestId });

/** Publishes an event of `type` on the replica's bus namespace as its owning service would, once per envelope. */
export async function publishEvent(svc: RunningService, type: string, data: unknown): Promise<void> {
  const event = newEvent(type, ownerOfSubject(type) ?? "test", data);
  await svc.bus.js.publish(svc.bus.subject(type), JSON.stringify(event), { msgID: event.id });
}
