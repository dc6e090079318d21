import * as grpc from "@grpc/grpc-js";
import type { Logger } from "@mp/logger";
import { HealthImplementation } from "grpc-health-check";

export interface GrpcServer {
  /** The bound port (useful when asked for port 0). */
  port: number;
  server: grpc.Server;
  setServing(serving: boolean): void;
  /** Stop taking calls, let in-flight calls finish for up to `graceMs`, then force. Safe to call twice. */
  shutdown(graceMs?: number): Promise<void>;
}

export interface ServiceRegistration {
  definition: grpc.ServiceDefinition;
  implementation: grpc.UntypedServiceImplementation;
}

/**
 * Start a gRPC server with the standard `grpc.health.v1.Health` service: the overall status ("") and each
 * registered service answer SERVING once bound, and NOT_SERVING from the moment shutdown begins, so load
 * balancers and the gateway's readiness stop sending traffic before connections close.
 */
export async function startGrpcServer(options: {
  host: string;
  port: number;
  services: Record<string, ServiceRegistration>;
  logger: Logger;
}): Promise<GrpcServer> {
  const server = new grpc.Server({
    "grpc.keepalive_time_ms": 30_000,
    "grpc.max_receive_message_length": 4 * 1024 * 1024,
  });
  const names = Object.keys(options.services);
  const health = new HealthImplementation({
    "": "NOT_SERVING",
    ...Object.fromEntries(names.map((n) => [n, "NOT_SERVING"])),
  });
  health.addToServer(server);
  for (const { definition, implementation } of Object.values(options.services)) {
    // A service whose RPCs have not landed yet still answers health under its name.
    if (Object.keys(definition).length > 0) server.addService(definition, implementation);
  }
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync(
      `${options.host}:${options.port}`,
      grpc.ServerCredentials.createInsecure(),
      (error, bound) => (error ? reject(error) : resolve(bound)),
    );
  });
  const setServing = (serving: boolean) => {
    for (const name of ["", ...names]) health.setStatus(name, serving ? "SERVING" : "NOT_SERVING");
  };
  setServing(true);
  options.logger.info({ port, services: names }, "gRPC server listening");

  let stopping: Promise<void> | undefined;
  return {
    port,
    server,
    setServing,
    shutdown(graceMs = 10_000) {
      stopping ??= new Promise<void>((resolve) => {
        setServing(false);
        const force = setTimeout(() => {
          options.logger.warn("gRPC graceful shutdown timed out; forcing");
          server.forceShutdown();
          resolve();
        }, graceMs);
        server.tryShutdown(() => {
          clearTimeout(force);
          resolve();
        });
      });
      return stopping;
    },
  };
}
