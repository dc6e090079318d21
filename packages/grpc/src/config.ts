import { z } from "zod";

const ms = (max: number) => z.coerce.number().int().min(0).max(max);

/**
 * Configuration keys of a service's gRPC server, validated with the rest of its configuration at boot.
 * `GRPC_DRAIN_MS` defaults to 0 (local runs and tests stop at once); deployments set it to outlast the
 * time their load balancing needs to stop sending new calls (Kubernetes: endpoint removal, a few seconds).
 */
export const grpcServerEnv = {
  /** On SIGTERM: how long calls are still answered after health turns NOT_SERVING. */
  GRPC_DRAIN_MS: ms(120_000).default(0),
  /** Then: how long in-flight calls may take before they are cut. */
  GRPC_SHUTDOWN_GRACE_MS: ms(120_000).default(10_000),
  /** Age after which a connection is closed gracefully, so clients rebalance onto new replicas. */
  GRPC_MAX_CONNECTION_AGE_MS: ms(24 * 3_600_000)
    .min(1_000)
    .default(5 * 60_000),
};

export type GrpcServerEnv = { [K in keyof typeof grpcServerEnv]: number };
