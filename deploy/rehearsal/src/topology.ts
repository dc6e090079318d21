import { DEFAULT_GRPC_PORTS, SERVICE_NAMES, type ServiceName } from "@mp/config";
import { TARGETS, type Target } from "@mp/local/targets";

/**
 * Where every container of the rehearsal listens. Host networking: each replica has its own ports (the
 * second replica's are the first's + 100); the gateways' API ports are 8081 and 8082, behind the ingress on
 * 8080, the one address clients use. NATS stays off 4222, which the machine's own NATS holds.
 */
export const REPLICAS = [1, 2] as const;
export type Replica = (typeof REPLICAS)[number];
export const NATS_NODES = [1, 2, 3] as const;
export type NatsNode = (typeof NATS_NODES)[number];
export const WORKLOADS: readonly Target[] = TARGETS;
export const SERVICES: readonly ServiceName[] = SERVICE_NAMES;

export const HOST = "127.0.0.1";
/** The ingress's port: the API address of the rehearsal (drill, seeding, the Stripe stand-in's webhooks). */
export const GATEWAY_PORT = 8080;
export const SIMULATOR_PORT = 8090;
export const S3_PORT = 4579;
export const JWKS_PORT = 8443;
/** The Stripe stand-in (deploy/local/src/stripe), at the launcher's default port. */
export const STRIPE_PORT = 12111;
/** The gateways' shared rate-limit store; off 6379, which the machine's own Redis holds. */
export const REDIS_PORT = 6391;
export const DATABASE = "marketplace_rehearsal";

/** Ops ports of the first replicas: the gateway 9090, the services 9101-9107 in contract order. */
const OPS_BASE: Record<Target, number> = {
  gateway: 9090,
  ...(Object.fromEntries(SERVICE_NAMES.map((name, i) => [name, 9101 + i])) as Record<ServiceName, number>),
};

const REPLICA_OFFSET = 100;

export function grpcPort(service: ServiceName, replica: Replica): number {
  return DEFAULT_GRPC_PORTS[service] + (replica - 1) * REPLICA_OFFSET;
}

/** A gateway replica's own API port (8081, 8082), which only the ingress talks to. */
export function gatewayPort(replica: Replica): number {
  return GATEWAY_PORT + replica;
}

export function opsPort(target: Target, replica: Replica): number {
  return OPS_BASE[target] + (replica - 1) * REPLICA_OFFSET;
}

export function natsPorts(node: NatsNode): { client: number; cluster: number; monitor: number } {
  return { client: 4230 + node, cluster: 6230 + node, monitor: 8230 + node };
}

/** grpc-js's static target naming both replicas; the clients balance round_robin over them. */
export function grpcTarget(service: ServiceName): string {
  return `ipv4:${REPLICAS.map((r) => `${HOST}:${grpcPort(service, r)}`).join(",")}`;
}

/** Every NATS node, with the user's credentials on the first URL (the bus shares them with the rest). */
export function natsUrl(user: string, password: string): string {
  const [first, ...rest] = NATS_NODES.map((node) => `${HOST}:${natsPorts(node).client}`);
  const auth = `${encodeURIComponent(user)}:${encodeURIComponent(password)}@`;
  return [`nats://${auth}${first}`, ...rest.map((address) => `nats://${address}`)].join(",");
}

/** The name of one container: `mp-rehearsal-<service>-<replica>`. */
export function containerName(service: string, replica: number): string {
  return `mp-rehearsal-${service}-${replica}`;
}
