import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { DEFAULT_DATA_DIR } from "@mp/local/paths";
import {
  GATEWAY_PORT,
  gatewayPort,
  grpcPort,
  JWKS_PORT,
  NATS_NODES,
  natsPorts,
  opsPort,
  REDIS_PORT,
  REPLICAS,
  S3_PORT,
  SERVICES,
  SIMULATOR_PORT,
  STRIPE_PORT,
  WORKLOADS,
} from "./topology";

/**
 * With host networking every container shares the machine's ports, and the replicas' gRPC ports
 * (50051-50158) lie in Linux's ephemeral range (32768-60999): an outgoing connection of any process may
 * take one as its source port, and a replica restarted in that moment fails to bind ("EADDRINUSE",
 * seen in a drill). In Kubernetes each pod has its own network namespace, so this is the rehearsal's
 * own hazard; reserving the ports (`net.ipv4.ip_local_reserved_ports`) keeps the kernel from handing
 * them out. `up` reserves them, `down` puts the previous setting back.
 */
const RESERVED = "/proc/sys/net/ipv4/ip_local_reserved_ports";
const RANGE = "/proc/sys/net/ipv4/ip_local_port_range";
const SAVED = join(DEFAULT_DATA_DIR, "rehearsal-reserved-ports.before");

/** Every port a rehearsal container listens on. */
export function listeningPorts(): number[] {
  const ports = new Set<number>([GATEWAY_PORT, SIMULATOR_PORT, S3_PORT, JWKS_PORT, STRIPE_PORT, REDIS_PORT]);
  for (const replica of REPLICAS) {
    ports.add(gatewayPort(replica));
    for (const target of WORKLOADS) ports.add(opsPort(target, replica));
    for (const service of SERVICES) ports.add(grpcPort(service, replica));
  }
  for (const node of NATS_NODES) for (const port of Object.values(natsPorts(node))) ports.add(port);
  return [...ports].sort((a, b) => a - b);
}

/** The ports of `ports` inside the ephemeral range `low high` (the kernel's `ip_local_port_range`). */
export function ephemeral(ports: readonly number[], range: string): number[] {
  const [low, high] = range.trim().split(/\s+/).map(Number) as [number, number];
  return ports.filter((port) => port >= low && port <= high);
}

/** The kernel's reserved-port list (`a,b-c,...`) with `ports` added, in the kernel's own syntax. */
export function withReserved(current: string, ports: readonly number[]): string {
  const entries = current
    .trim()
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
  const covered = (port: number) =>
    entries.some((entry) => {
      const [from, to = from] = entry.split("-").map(Number) as [number, number?];
      return port >= from && port <= (to as number);
    });
  return [...entries, ...ports.filter((port) => !covered(port)).map(String)].join(",");
}

/** Reserves the rehearsal's ephemeral-range ports; a warning, not a failure, where the kernel refuses. */
export async function reservePorts(log: (line: string) => void): Promise<void> {
  try {
    const current = await readFile(RESERVED, "utf8");
    const ports = ephemeral(listeningPorts(), await readFile(RANGE, "utf8"));
    const next = withReserved(current, ports);
    if (next === current.trim()) return;
    await mkdir(DEFAULT_DATA_DIR, { recursive: true });
    await writeFile(SAVED, current.trim());
    await writeFile(RESERVED, `${next}\n`);
    log(`reserved ports ${ports.join(",")} (net.ipv4.ip_local_reserved_ports) for the replicas' listeners`);
  } catch (error) {
    log(`could not reserve the replicas' ports (${(error as Error).message}): a restart may meet EADDRINUSE`);
  }
}

/** Puts back the reserved-port list `reservePorts` found, when it changed it. */
export async function releasePorts(): Promise<void> {
  const before = await readFile(SAVED, "utf8").catch(() => undefined);
  if (before === undefined) return;
  // A write of no bytes leaves a sysctl unchanged; a newline alone empties the list.
  await writeFile(RESERVED, `${before}\n`).catch(() => undefined);
  await rm(SAVED, { force: true });
}
