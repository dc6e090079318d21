import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_GRPC_PORTS, grpcPortKey, SERVICE_NAMES, type ServiceName } from "@mp/config";
import { STREAMS } from "@mp/contracts";
import { DEFAULT_OPS_PORTS } from "@mp/runtime/ops-config";
import { V8_FLAGS } from "@mp/runtime-tuning";
import { startFlags } from "@mp/runtime-tuning/start-flags";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../paths";
import { loadManifests, loadYaml, type Manifest, natsPublishRights } from "./load";
import { permissionsOf, SERVICE_USERS, USER_FILES, withUsers } from "./nats-users";

/**
 * The deploy files agree with the code and with each other: every manifest parses, probes hit the ops
 * port the process listens on, gRPC Services are headless, migrations have their Jobs, NATS users may
 * publish only their own subjects. (No cluster or Docker engine here: this is what can be checked.)
 */
const base = loadManifests("deploy/k8s/base");
const overlays = loadManifests("deploy/k8s/overlays");
const find = (kind: string, name: string): Manifest => {
  const found = base.find(({ doc }) => doc.kind === kind && doc.metadata?.name === name)?.doc;
  if (!found) throw new Error(`no ${kind} ${name} in deploy/k8s/base`);
  return found;
};
const targets = [...SERVICE_NAMES, "gateway"] as const;
const subjectOf = (name: ServiceName) =>
  Object.values(STREAMS).find((s) => s.subjects[0]!.startsWith(name === "iot-adapter" ? "iot." : `${name}.`))!
    .subjects[0]!;
const envOf = (container: Manifest) =>
  Object.fromEntries((container.env ?? []).map((e: Manifest) => [e.name, e.value]));

describe("kubernetes manifests", () => {
  it("all parse, in the base and the overlays", () => {
    expect(base.length).toBeGreaterThan(30);
    expect(overlays.length).toBeGreaterThan(5);
    for (const { file, doc } of [...base, ...overlays]) expect(doc, file).toBeTypeOf("object");
  });

  it.each(targets)("%s: probes, metrics annotations and OPS_PORT name the same ops port", (name) => {
    const deployment = find("Deployment", name);
    const pod = deployment.spec.template;
    const [container] = pod.spec.containers;
    const ops = container.ports.find((p: Manifest) => p.name === "ops");
    expect(ops.containerPort).toBe(DEFAULT_OPS_PORTS[name]);
    expect(envOf(container).OPS_PORT).toBe(String(ops.containerPort));
    expect(pod.metadata.annotations).toEqual({
      "prometheus.io/scrape": "true",
      "prometheus.io/port": String(ops.containerPort),
      "prometheus.io/path": "/metrics",
    });
    expect(container.startupProbe.httpGet).toEqual({ path: "/healthz", port: "ops" });
    expect(container.livenessProbe.httpGet).toEqual({ path: "/healthz", port: "ops" });
    expect(container.readinessProbe.httpGet).toEqual({ path: "/readyz", port: "ops" });
    const [sleep, seconds] = container.lifecycle.preStop.exec.command;
    expect(sleep).toBe("sleep");
    expect(pod.spec.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(Number(seconds) + 20);
  });

  it("iot-adapter: the Infuse-IoT budget holds at the most replicas, also while PostgreSQL is down", () => {
    const [container] = find("Deployment", "iot-adapter").spec.template.spec.containers;
    const env = envOf(container);
    const maxRps = Number(env.INFUSE_MAX_RPS);
    expect(maxRps).toBeGreaterThan(0);
    // Without PostgreSQL each replica keeps its own INFUSE_FALLBACK_RPS: together never above the budget.
    const replicas = find("HorizontalPodAutoscaler", "iot-adapter").spec.maxReplicas;
    expect(Number(env.INFUSE_FALLBACK_RPS) * replicas).toBeLessThanOrEqual(maxRps);
  });

  it.each(SERVICE_NAMES)("%s: a headless gRPC Service on its port, and a migration Job", (name) => {
    const [container] = find("Deployment", name).spec.template.spec.containers;
    const grpc = container.ports.find((p: Manifest) => p.name === "grpc").containerPort;
    expect(grpc).toBe(DEFAULT_GRPC_PORTS[name]);
    expect(envOf(container)[grpcPortKey(name)]).toBe(String(grpc));
    const service = find("Service", name);
    expect(service.spec.clusterIP).toBe("None");
    expect(service.spec.ports).toEqual([expect.objectContaining({ port: grpc, targetPort: "grpc" })]);
    const job = find("Job", `${name}-migrate`).spec.template.spec.containers[0];
    expect(job.image).toBe(container.image);
    // the image's entry point (the compiled service) with `migrate`: no loader, no TypeScript in the image
    expect(job.command).toBeUndefined();
    expect(job.args).toEqual(["migrate"]);
    const refs = container.envFrom.map((e: Manifest) => e.secretRef?.name ?? e.configMapRef?.name);
    expect(refs).toEqual(expect.arrayContaining(["marketplace-env", `${name}-nats`]));
    const volumes = find("Deployment", name).spec.template.spec.volumes;
    expect(volumes).toEqual(
      expect.arrayContaining([
        { name: "mesh-key", secret: { secretName: `mesh-key-${name}`, optional: true } },
        { name: "mesh-jwks", configMap: { name: "mesh-jwks", optional: true } },
      ]),
    );
  });

  it.each(["assets", "catalogue"])("%s: gets the object-store credentials it presigns urls with", (name) => {
    const [container] = find("Deployment", name).spec.template.spec.containers;
    const refs = container.envFrom.map((e: Manifest) => e.secretRef?.name ?? e.configMapRef?.name);
    expect(refs).toContain("marketplace-object-storage");
  });

  it("keeps the gateway's ops port off the public Service and Ingress", () => {
    expect(find("Service", "gateway").spec.ports).toEqual([
      expect.objectContaining({ name: "http", targetPort: "http" }),
    ]);
    const backend = find("Ingress", "gateway").spec.rules[0].http.paths[0].backend;
    expect(backend.service.port).toEqual({ name: "http" });
  });

  it("runs pods with migrations left to the Jobs, ops ports open to the pod network, streams replicated 3", () => {
    const kustomization = loadYaml("deploy/k8s/base/kustomization.yaml");
    const env = kustomization.configMapGenerator.find((g: Manifest) => g.name === "marketplace-env").literals;
    expect(env).toEqual(
      expect.arrayContaining([
        "MIGRATE_ON_BOOT=false",
        "OPS_HOST=0.0.0.0",
        "BUS_STREAM_REPLICAS=3",
        "BUS_STREAM_MAX_AGE=30d",
        "BUS_STREAM_MAX_BYTES=1GiB",
      ]),
    );
    expect(find("StatefulSet", "nats").spec.replicas).toBe(3);
  });

  it("gives each service's NATS user the same rights as docker-compose: its own events, stream and durables", () => {
    const k8s = natsPublishRights(find("ConfigMap", "nats-config").data["nats.conf"]);
    const compose = natsPublishRights(readFileSync(join(REPO_ROOT, "deploy/docker/nats.conf"), "utf8"));
    expect(SERVICE_USERS.toSorted()).toEqual([...SERVICE_NAMES].sort());
    for (const name of SERVICE_USERS) {
      const { publish, subscribe } = permissionsOf(name);
      const expected = [...publish.map((s) => `pub ${s}`), ...subscribe.map((s) => `sub ${s}`)];
      expect(expected).toContain(`pub ${subjectOf(name)}`);
      expect(expected.filter((s) => s.endsWith(">") && !s.startsWith("pub $JS.")).sort()).toEqual(
        [`pub ${subjectOf(name)}`, `sub _INBOX.${name}.>`].sort(),
      );
      expect(k8s.get(name), name).toEqual(expected);
      expect(compose.get(name), name).toEqual(expected);
    }
    expect(k8s.get("admin")).toEqual([]);
    expect(compose.get("admin")).toEqual([]);
    expect(k8s.get("gateway")).toBeUndefined();
  });

  it.each(Object.entries(USER_FILES))(
    "%s: its NATS users are the generated ones (pnpm nats:write)",
    (target, path) => {
      const text = readFileSync(join(REPO_ROOT, path), "utf8");
      expect(withUsers(text, target as keyof typeof USER_FILES)).toBe(text);
    },
  );

  it("expires abandoned uploads after a day, in the dev and prod object stores", () => {
    const lifecycle = overlays.find(
      ({ doc }) => doc.kind === "ConfigMap" && doc.metadata.name === "object-storage-lifecycle",
    );
    const rule = JSON.parse(lifecycle?.doc.data["lifecycle.json"]).Rules[0];
    expect(rule).toMatchObject({
      Status: "Enabled",
      Filter: { Prefix: "uploads/" },
      Expiration: { Days: 1 },
    });
    const devJob = overlays.find(({ doc }) => doc.kind === "Job" && doc.metadata.name === "minio-bucket");
    expect(devJob?.doc.spec.template.spec.containers[0].args[0]).toMatch(
      /"Filter":\{"Prefix":"uploads\/"\},"Expiration":\{"Days":1\}.*mc ilm import local\/marketplace/s,
    );
  });
});

describe("docker-compose.yml", () => {
  const compose = loadYaml("docker-compose.yml");

  it.each(targets)("%s: its ops port, the health check on it, and its own NATS user", (name) => {
    const service = compose.services[name];
    expect(service.environment.OPS_PORT).toBe(String(DEFAULT_OPS_PORTS[name]));
    expect(service.environment.OPS_HOST).toBe("0.0.0.0");
    expect(service.healthcheck.test).toEqual(["CMD", "node", "deploy/docker/dist/healthcheck.mjs"]);
    if (name !== "gateway") {
      expect(service.environment.NATS_URL).toBe(`nats://${name}:${name}-dev-nats@nats:4222`);
      expect(readFileSync(join(REPO_ROOT, "deploy/docker/nats.conf"), "utf8")).toContain(
        `{ user: ${name}, password: "${name}-dev-nats"`,
      );
    }
  });

  it.each(targets)("%s: signs with its own mesh key from the mounted .local/mesh-keys", (name) => {
    const service = compose.services[name];
    expect(service.environment.MESH_PRIVATE_KEY_FILE).toBe(
      `/etc/marketplace/mesh-keys/${name}.private.jwk.json`,
    );
    expect(service.volumes).toContain("./.local/mesh-keys:/etc/marketplace/mesh-keys:ro");
    if (name !== "gateway") {
      expect(service.environment.MESH_JWKS_FILE).toBe("/etc/marketplace/mesh-keys/jwks.json");
    }
  });

  it("sets the uploads lifecycle rule when it creates the bucket", () => {
    expect(compose.services["minio-init"].command[0]).toMatch(
      /"Filter":\{"Prefix":"uploads\/"\},"Expiration":\{"Days":1\}.*mc ilm import local\/marketplace/s,
    );
  });
});

describe("the image's entry point", () => {
  const dockerfile = readFileSync(join(REPO_ROOT, "deploy/docker/Dockerfile"), "utf8");
  const entrypointFile = join(REPO_ROOT, "deploy/docker/entrypoint.sh");
  const entrypoint = readFileSync(entrypointFile, "utf8");
  const PRELOADS =
    "--import ./packages/runtime-tuning/dist/register.mjs --import ./packages/telemetry/dist/register.mjs";

  /** Runs entrypoint.sh with a `node` first on PATH that prints its arguments instead of starting. */
  function withEchoNode<T>(use: (run: (env: Record<string, string>) => string) => T): T {
    const bin = mkdtempSync(join(tmpdir(), "entry-"));
    writeFileSync(join(bin, "node"), '#!/bin/sh\necho "$@"\n', { mode: 0o755 });
    try {
      return use((env) =>
        execFileSync("sh", [entrypointFile, "migrate"], {
          env: { PATH: `${bin}:${process.env.PATH}`, SERVICE: "catalogue", ...env },
          encoding: "utf8",
        }).trim(),
      );
    } finally {
      rmSync(bin, { recursive: true, force: true });
    }
  }

  it("is entrypoint.sh, copied into the image, as the exec form", () => {
    expect(dockerfile).toMatch(/^ENTRYPOINT \["\/usr\/local\/bin\/entrypoint\.sh"\]$/m);
    expect(dockerfile).toMatch(/^COPY deploy\/docker\/entrypoint\.sh .*\/usr\/local\/bin\/$/m);
    // exec: node replaces the shell as PID 1, so SIGTERM reaches the process that drains
    expect(entrypoint).toMatch(/^exec node \$gc --import /m);
  });

  it("starts node on the compiled entry after the runtime tuning and telemetry preloads", () =>
    withEchoNode((run) => {
      expect(run({})).toBe(`--single-threaded-gc ${PRELOADS} services/catalogue/dist/main.mjs migrate`);
      expect(run({ SERVICE: "gateway" })).toBe(
        `--single-threaded-gc ${PRELOADS} gateway/dist/main.mjs migrate`,
      );
      expect(run({ SERVICE: "simulator" })).toBe("deploy/local/dist/simulator/main.mjs migrate");
      // the V8 flags are the preload's to set (RUNTIME_TUNING=off leaves them unset): none on the command line
      for (const flag of V8_FLAGS) expect(entrypoint).not.toContain(flag);
    }));

  it("refuses to start without SERVICE", () => {
    expect(() =>
      execFileSync("sh", [entrypointFile], { env: { PATH: process.env.PATH }, stdio: "pipe" }),
    ).toThrow(/SERVICE is not set/);
  });

  it("decides --single-threaded-gc exactly as the launcher's startFlags does", () =>
    withEchoNode((run) => {
      const envs: Record<string, string>[] = [
        {},
        { RUNTIME_TUNING: "on" },
        { RUNTIME_TUNING: " Off " },
        { RUNTIME_TUNING: "" },
        { RUNTIME_TUNING_SKIP: "heap-trim" },
        { RUNTIME_TUNING_SKIP: "heap-trim, Single-Threaded-GC" },
        { RUNTIME_TUNING_SKIP: "single-threaded-gc" },
        { RUNTIME_TUNING_SKIP: "none" },
        { RUNTIME_TUNING: "on", RUNTIME_TUNING_SKIP: "pretenuring,call-tables" },
      ];
      const targets = [...SERVICE_NAMES, "gateway"];
      expect(targets).toContain("settlements");
      for (const env of envs) {
        for (const target of targets) {
          const args = run({ ...env, SERVICE: target }).split(" ");
          const flags = args.slice(0, args.indexOf("--import"));
          expect({ env, target, flags }).toEqual({ env, target, flags: startFlags(env, target) });
        }
      }
    }));

  it("fills the compile cache by starting the entry as the entry point does, as the uid it runs as", () => {
    // A `node` that leaves its arguments and nine other entries in the cache directory it is given.
    const dir = mkdtempSync(join(tmpdir(), "cache-fill-"));
    writeFileSync(
      join(dir, "node"),
      '#!/bin/sh\necho "$@" > "$NODE_COMPILE_CACHE/args"\nfor i in 1 2 3 4 5 6 7 8 9; do echo > "$NODE_COMPILE_CACHE/$i"; done\n',
      { mode: 0o755 },
    );
    const fill = (env: Record<string, string>, target = "gateway") => {
      const cache = mkdtempSync(join(dir, "cache-"));
      execFileSync("sh", [join(REPO_ROOT, "deploy/docker/compile-cache.sh"), target, cache], {
        env: { PATH: `${dir}:${process.env.PATH}`, ...env },
      });
      return readFileSync(join(cache, "args"), "utf8").trim();
    };
    try {
      // What the entry point runs by default, the gateway's entry with no argument after it.
      expect(fill({})).toBe(
        "--single-threaded-gc --import ./packages/runtime-tuning/dist/register.mjs --import ./packages/telemetry/dist/register.mjs gateway/dist/main.mjs",
      );
      // Settlements starts without the flag, so its cache is filled without it.
      expect(fill({}, "settlements")).toBe(
        "--import ./packages/runtime-tuning/dist/register.mjs --import ./packages/telemetry/dist/register.mjs services/settlements/dist/main.mjs",
      );
      // The switches pass through: a cache for a start without the flag (images:gateway-start --gc off).
      expect(fill({ RUNTIME_TUNING_SKIP: "single-threaded-gc" })).toMatch(
        /^--import \.\/packages\/runtime-tuning\/dist\/register\.mjs /,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(dockerfile).toMatch(/^ENV NODE_COMPILE_CACHE=\/app\/\.node-compile-cache$/m);
    const lines = dockerfile.split("\n");
    const fillLine = lines.findIndex((line) => line.startsWith('RUN compile-cache.sh "$SERVICE"'));
    expect(fillLine).toBeGreaterThan(0);
    expect(lines.slice(0, fillLine).findLast((line) => line.startsWith("USER "))).toBe("USER node");
    expect(lines.findLast((line) => line.startsWith("USER "))).toBe("USER node");
  });

  it("loads no TypeScript at run time", () => {
    const commands = entrypoint
      .split("\n")
      .filter((line) => !line.trimStart().startsWith("#"))
      .join("\n");
    expect(commands).toContain("exec node");
    expect(commands).not.toMatch(/tsx|\.ts\b/);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*"deploy\/docker\/dist\/healthcheck\.mjs"\]$/m);
  });
});
