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
};

/**
 * The ops port's keys. `OPS_PORT` defaults to the process's port above, except that a process whose API
 * port is 0 (a free port: tests, ephemeral stacks) gets a free ops port too, so two of them never collide
 * on the default.
 */
export function opsEnv(process: ServiceName | "gateway", apiPort: string | undefined) {
  return {
    OPS_HOST: z.string().min(1).default("127.0.0.1"),
    OPS_PORT: port.default(apiPort === "0" ? 0 : DEFAULT_OPS_PORTS[process]),
  };
}
