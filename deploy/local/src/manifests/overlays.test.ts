import { readFileSync } from "node:fs";
import { join } from "node:path";
import { SERVICE_NAMES } from "@mp/config";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../paths";
import { apiSchemaProblem, TARGET_KUBERNETES } from "./api-schema";
import type { Manifest } from "./load";
import { allowsTcp, type PodEnd, podOf } from "./network-policy";
import { PROD_SECRETS } from "./prod-secrets";
import { containerEnv, findObject, renderOverlay } from "./render";

/**
 * What each overlay renders to (`kubectl kustomize`), as a cluster would receive it: valid objects of the
 * targeted Kubernetes API, the gateway's production settings (proxy range, shared rate-limit store), traces
 * to the collector, the simulator in dev, NetworkPolicies that let exactly those connections through, and
 * Ingresses that repeat a POST on another gateway pod only where a repeat cannot double its work.
 */
const overlays = { dev: renderOverlay("dev"), prod: renderOverlay("prod") } as const;
type Overlay = keyof typeof overlays;
const OVERLAYS = Object.keys(overlays) as Overlay[];
const processes = [...SERVICE_NAMES, "gateway"] as const;
/** The base's token issuer, the development one production refuses. */
const DEVELOPMENT_ISSUER = "https://auth.marketplace.local";

const workload = (overlay: Overlay, name: string) => findObject(overlays[overlay], "Deployment", name);
const pod = (overlay: Overlay, name: string): PodEnd => podOf(workload(overlay, name));
/** A workload's environment; in prod with stand-ins for the Secrets the operator creates. */
const envOf = (overlay: Overlay, name: string) =>
  containerEnv(
    overlays[overlay],
    workload(overlay, name).spec.template.spec.containers[0],
    overlay === "prod" ? PROD_SECRETS : {},
  );
const policies = (overlay: Overlay) => overlays[overlay].filter((o) => o.kind === "NetworkPolicy");
/** The Service `name`'s port `port`, and the pod it routes to with the container port number it targets. */
function serviceTarget(overlay: Overlay, name: string, port: number): { pod: PodEnd; containerPort: number } {
  const service = findObject(overlays[overlay], "Service", name);
  const entry = service.spec.ports.find((p: Manifest) => p.port === port);
  if (!entry) throw new Error(`Service ${name} has no port ${port}`);
  const backends = overlays[overlay].filter(
    (o) =>
      ["Deployment", "StatefulSet"].includes(o.kind) &&
      Object.entries(service.spec.selector).every(([k, v]) => o.spec.template.metadata.labels?.[k] === v),
  );
  if (backends.length !== 1) throw new Error(`Service ${name} selects ${backends.length} workloads`);
  const backend = podOf(backends[0]!);
  const target = entry.targetPort ?? entry.port;
  const containerPort = typeof target === "number" ? target : backend.ports?.[target];
  if (containerPort === undefined) throw new Error(`Service ${name}: no container port ${target}`);
  return { pod: backend, containerPort };
}
/**
 * The gateway's payment notification routes (contract section 5), from its OpenAPI document: the POSTs of
 * the Webhooks tag that take no credential (Stripe signs the body instead).
 */
const paymentNotificationPaths = (): string[] => {
  const document = JSON.parse(readFileSync(join(REPO_ROOT, "gateway/openapi.json"), "utf8"));
  return Object.entries(document.paths as Record<string, Manifest>)
    .filter(([, item]) => item.post?.tags?.includes("Webhooks") && item.post.security?.length === 0)
    .map(([path]) => path)
    .sort();
};
/** Whether `from`'s pods may open a connection to `host:port` (an in-namespace Service). */
function reaches(overlay: Overlay, from: string, host: string, port: number): boolean {
  const target = serviceTarget(overlay, host, port);
  return allowsTcp(policies(overlay), pod(overlay, from), target.pod, target.containerPort);
}

describe.each(OVERLAYS)("overlay %s", (overlay) => {
  const objects = overlays[overlay];

  it(`renders only objects valid against the Kubernetes ${TARGET_KUBERNETES} API schemas`, async () => {
    expect(objects.length).toBeGreaterThan(50);
    const problems: string[] = [];
    for (const object of objects) {
      const problem = await apiSchemaProblem(object);
      if (problem) problems.push(`${object.kind} ${object.metadata?.name}: ${problem}`);
    }
    expect(problems).toEqual([]);
  });

  it("repeats the payment notification, instance creation and install POSTs on another gateway pod, and no other POST", () => {
    const ingresses = objects.filter((o) => o.kind === "Ingress");
    const [general, repeatable] = ["gateway", "gateway-repeatable-posts"].map((name) =>
      findObject(objects, "Ingress", name),
    );
    expect(ingresses.map((o) => o.metadata.name).sort()).toEqual(["gateway", "gateway-repeatable-posts"]);
    // ingress-nginx's default (`error timeout`) for everything else: a POST in flight is never sent twice
    expect(general!.metadata.annotations ?? {}).toEqual({});
    expect(repeatable!.metadata.annotations).toEqual({
      "nginx.ingress.kubernetes.io/proxy-next-upstream": "error timeout non_idempotent",
      "nginx.ingress.kubernetes.io/proxy-next-upstream-tries": "3",
    });
    // exactly the gateway's notification routes (idempotent by event id) and the instance, rollout and
    // webhook endpoint creations (by request id, docs/api.md), as Exact paths (they win over the general
    // `/` prefix), and the devices prefix, whose one POST is an install (joined while in flight;
    // nginx-conf.test.ts checks the document)
    const [rule] = repeatable!.spec.rules;
    expect(repeatable!.spec.rules).toHaveLength(1);
    const paths = rule.http.paths as Manifest[];
    const exact = paths.filter((p) => p.pathType === "Exact").map((p) => p.path);
    expect(exact.sort()).toEqual(
      [
        ...paymentNotificationPaths(),
        "/marketplace/instances",
        "/marketplace/providers/rollouts",
        "/marketplace/webhook-endpoints",
      ].sort(),
    );
    const prefixes = paths.filter((p) => p.pathType !== "Exact");
    expect(prefixes.map((p) => [p.path, p.pathType])).toEqual([["/marketplace/providers/devices", "Prefix"]]);
    expect(paymentNotificationPaths()).toEqual([
      "/marketplace/webhooks/payments",
      "/marketplace/webhooks/stripe",
    ]);
    // to the same place as the general Ingress: host, backend (the `http` port only) and TLS
    const [generalRule] = general!.spec.rules;
    expect(rule.host).toBe(generalRule.host);
    for (const path of paths) {
      expect(path.backend).toEqual(generalRule.http.paths[0].backend);
    }
    expect(repeatable!.spec.tls).toEqual(general!.spec.tls);
    if (overlay === "prod")
      expect(general!.spec.tls).toEqual([expect.objectContaining({ hosts: [rule.host] })]);
  });

  it("gives every gateway replica the Redis its rate-limit counters are shared in, reachable by it alone", () => {
    const url = new URL(envOf(overlay, "gateway").RATE_LIMIT_REDIS_URL ?? "(unset)");
    expect(url.protocol).toBe("redis:");
    const port = Number(url.port || 6379);
    expect(serviceTarget(overlay, url.hostname, port).pod.labels["app.kubernetes.io/name"]).toBe("redis");
    expect(reaches(overlay, "gateway", url.hostname, port)).toBe(true);
    for (const name of SERVICE_NAMES) expect(reaches(overlay, name, url.hostname, port), name).toBe(false);
  });

  it.each(processes)("%s: exports traces to the OTLP collector and may reach it", (name) => {
    const endpoint = envOf(overlay, name).OTEL_EXPORTER_OTLP_ENDPOINT;
    expect(endpoint).toMatch(/^https?:\/\//);
    const url = new URL(endpoint!);
    // `<service>.<namespace>`: the collector lives in another namespace, as Prometheus does
    const [, namespace] = url.hostname.split(".");
    expect(namespace).toBeDefined();
    const collector: PodEnd = {
      namespace: namespace!,
      labels: { "app.kubernetes.io/name": "otel-collector" },
    };
    expect(allowsTcp(policies(overlay), pod(overlay, name), collector, Number(url.port))).toBe(true);
    // and only that port: the rule is for the collector, not for the whole namespace
    expect(allowsTcp(policies(overlay), pod(overlay, name), collector, Number(url.port) + 1)).toBe(false);
  });

  it.each(processes)("%s: reaches NATS and the gRPC upstreams it dials", (name) => {
    const env = envOf(overlay, name);
    if (name !== "gateway") expect(reaches(overlay, name, "nats", 4222)).toBe(true);
    for (const upstream of SERVICE_NAMES) {
      const key = `${upstream.toUpperCase().replace(/-/g, "_")}_GRPC_URL`;
      const [host, port] = env[key]!.split(":");
      expect(reaches(overlay, name, host!, Number(port)), key).toBe(true);
    }
  });
});

describe("overlay prod", () => {
  it("trusts X-Forwarded-For from the ingress range only (a placeholder the operator replaces)", () => {
    const trusted = envOf("prod", "gateway").TRUST_PROXY ?? "";
    expect(trusted).toMatch(/^\d+\.\d+\.\d+\.\d+\/\d+$/);
    // never every hop, and never the whole address space
    expect(trusted).not.toMatch(/^0\.0\.0\.0\/0$/);
  });

  it("names a production token issuer of its own, not the base's development one", () => {
    const issuer = envOf("prod", "gateway").AUTH_ISSUER;
    expect(envOf("prod", "gateway").NODE_ENV).toBe("production");
    expect(issuer).toMatch(/^https:\/\//);
    expect(issuer).not.toBe(DEVELOPMENT_ISSUER);
  });
});

describe("overlay dev", () => {
  it("runs the Infuse-IoT simulator where iot-adapter looks for the platform, with the key it sends", () => {
    const env = envOf("dev", "iot-adapter");
    const url = new URL(env.INFUSE_API_URL!);
    const simulator = serviceTarget("dev", url.hostname, Number(url.port));
    const deployment = workload("dev", simulator.pod.labels["app.kubernetes.io/name"]!);
    const [container] = deployment.spec.template.spec.containers;
    expect(container.image).toBe("marketplace/simulator");
    const simulatorEnv = containerEnv(overlays.dev, container);
    expect(Number(simulatorEnv.SIMULATOR_PORT)).toBe(simulator.containerPort);
    expect(simulatorEnv.SIMULATOR_HOST).toBe("0.0.0.0");
    expect(simulatorEnv.SIMULATOR_API_KEY).toBe(env.INFUSE_API_KEY);
    expect(container.readinessProbe.httpGet.path).toBe("/health");
    expect(reaches("dev", "iot-adapter", url.hostname, Number(url.port))).toBe(true);
    for (const name of ["catalogue", "gateway"])
      expect(reaches("dev", name, url.hostname, Number(url.port)), name).toBe(false);
  });

  it.each(processes)("%s: reaches the in-cluster PostgreSQL named by DATABASE_URL", (name) => {
    const url = new URL(envOf("dev", name).DATABASE_URL!);
    expect(reaches("dev", name, url.hostname, Number(url.port))).toBe(true);
  });

  it.each(["assets", "catalogue", "iot-adapter"])("%s: reaches the in-cluster object store", (name) => {
    const url = new URL(envOf("dev", name).S3_ENDPOINT!);
    expect(reaches("dev", name, url.hostname, Number(url.port))).toBe(true);
  });
});
