import { port, type ServiceName, z } from "@mp/config";

/** Default ops port of each process (health, readiness, metrics). */
export const DEFAULT_OPS_PORTS: Record<ServiceName | "gateway", number> = {
  gateway: 9090,
  catalogue: 9101,
  publishing: 9102,
  assets: 9103,
  listings: 9104,
  purchases: 9105,
  settlements: 9106,
  "iot-adapter": 9107,
  webhooks: 9108,
};

/** The ops port's keys, to merge into a process's configuration schema. */
export const opsEnv = {
  /** Address the ops server binds (`0.0.0.0` in containers, so the kubelet and Prometheus reach it). */
  OPS_HOST: z.string().min(1).default("127.0.0.1"),
  /** Port of `/healthz`, `/readyz` and `/metrics`; see `opsPortOf` for the default. */
  OPS_PORT: port.optional(),
};

/**
 * The ops port: `OPS_PORT` when set, else the process's default above, except that a process whose API
 * port is 0 (a free port: tests, ephemeral stacks) gets a free ops port too, so two of them never collide
 * on the default.
 */
export function opsPortOf(
  process: ServiceName | "gateway",
  configured: number | undefined,
  apiPort: number,
): number {
  return configured ?? (apiPort === 0 ? 0 : DEFAULT_OPS_PORTS[process]);
}
