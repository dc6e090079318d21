import { setTimeout as sleep } from "node:timers/promises";
import * as grpc from "@grpc/grpc-js";
import type { MeshVerifier } from "@mp/auth";
import type { Logger } from "@mp/logger";
import { HealthImplementation } from "grpc-health-check";
import { gateHandlers } from "./admission";
import { bindVerifier } from "./handlers";
import { type GrpcTlsChoice, serverCredentials, usesTls } from "./tls";

export interface GrpcServer {
  /** The bound port (useful when asked for port 0). */
  port: number;
  server: grpc.Server;
  setServing(serving: boolean): void;
  /**
   * Drain, then stop: health turns NOT_SERVING at once, calls keep being served for `drainMs` (while load
   * balancers and clients notice), then new calls are refused and in-flight ones get up to `graceMs`
   * before the rest are cut. Safe to call twice.
   */
  shutdown(graceMs?: number): Promise<void>;
}

export interface ServiceRegistration {
  definition: grpc.ServiceDefinition;
  implementation: grpc.UntypedServiceImplementation;
}

export interface GrpcServerOptions {
  host: string;
  port: number;
  services: Record<string, ServiceRegistration>;
  logger: Logger;
  /** Verifies every call's assertions (this service's identity in the mesh); bound to every handler. */
  verifier: MeshVerifier;
  /** How long calls are still served after health turns NOT_SERVING on shutdown (default 0). */
  drainMs?: number;
  /** How long in-flight calls may take once new calls are refused (default 10 s). */
  graceMs?: number;
  /**
   * Connections are closed gracefully (GOAWAY) after this age, so clients re-resolve and spread over new
   * replicas (default 5 min; in-flight calls get `maxConnectionAgeGraceMs`, default 30 s).
   */
  maxConnectionAgeMs?: number;
  maxConnectionAgeGraceMs?: number;
  /**
   * TLS material, `false` for plaintext (default: the process's, `useGrpcTls`); with TLS, clients must
   * present a certificate of the CA.
   */
  tls?: GrpcTlsChoice;
  /**
   * Whether calls are taken: while false, every call is refused at once with UNAVAILABLE and the
   * not-executed trailer (clients repeat it on another replica). Default: always. Independently of it,
   * the server refuses every call once its drain is over and it begins to close.
   */
  admits?: () => boolean;
}

/**
 * Start a gRPC server with the standard `grpc.health.v1.Health` service: the overall status ("") and each
 * registered service answer SERVING once bound, and NOT_SERVING from the moment shutdown begins, so load
 * balancers and the gateway's readiness stop sending traffic before connections close. Every handler
 * verifies its caller with `verifier`; an implementation not made by `unaryHandlers` is refused.
 */
export async function startGrpcServer(options: GrpcServerOptions): Promise<GrpcServer> {
  const server = new grpc.Server({
    "grpc.max_receive_message_length": 4 * 1024 * 1024,
    "grpc.max_connection_age_ms": options.maxConnectionAgeMs ?? 5 * 60_000,
    "grpc.max_connection_age_grace_ms": options.maxConnectionAgeGraceMs ?? 30_000,
    // Ping idle clients now and then so a vanished peer's connection is reaped, not kept for hours.
    // Channelz (grpc-js's live introspection, which nothing here reads) costs bookkeeping on every call.
    "grpc.enable_channelz": 0,
    "grpc.keepalive_time_ms": 60_000,
    "grpc.keepalive_timeout_ms": 20_000,
  });
  const names = Object.keys(options.services);
  const health = new HealthImplementation({
    "": "NOT_SERVING",
    ...Object.fromEntries(names.map((n) => [n, "NOT_SERVING"])),
  });
  health.addToServer(server);
  // Set when the drain is over: from then on a call that still arrives (its client has not yet seen
  // NOT_SERVING or the GOAWAY) is refused as not executed, and repeated elsewhere, rather than left to a
  // replica that is closing. During the drain calls are still served: refusing them too would leave a
  // caller only its retries, which can land on this replica again.
  let closing = false;
  const admits = () => !closing && (options.admits?.() ?? true);
  for (const { definition, implementation } of Object.values(options.services)) {
    // A service whose RPCs have not landed yet still answers health under its name.
    if (Object.keys(definition).length === 0) continue;
    const bound = bindVerifier(implementation, options.verifier);
    server.addService(definition, gateHandlers(definition, bound, admits));
  }
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync(`${options.host}:${options.port}`, serverCredentials(options.tls), (error, bound) =>
      error ? reject(error) : resolve(bound),
    );
  });
  const setServing = (serving: boolean) => {
    for (const name of ["", ...names]) health.setStatus(name, serving ? "SERVING" : "NOT_SERVING");
  };
  setServing(true);
  options.logger.info({ port, services: names, tls: usesTls(options.tls) }, "gRPC server listening");

  let stopping: Promise<void> | undefined;
  return {
    port,
    server,
    setServing,
    shutdown(graceMs = options.graceMs ?? 10_000) {
      stopping ??= (async () => {
        setServing(false);
        const drainMs = options.drainMs ?? 0;
        if (drainMs > 0) {
          options.logger.info({ drainMs }, "gRPC draining: NOT_SERVING, still answering");
          await sleep(drainMs);
        }
        closing = true;
        await new Promise<void>((resolve) => {
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
      })();
      return stopping;
    },
  };
}
