import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GATEWAY_SIGNER, generateMeshKeys, meshSignerFrom, serviceSigner } from "@mp/auth";
import { SERVICE_NAMES, type ServiceName } from "@mp/config";
import { loadGatewayConfig } from "@mp/gateway";
import { loadServiceConfig, type ServiceSpec } from "@mp/runtime";
import { assetsService } from "@mp/svc-assets";
import { catalogueService } from "@mp/svc-catalogue";
import { iotAdapterService } from "@mp/svc-iot-adapter";
import { listingsService } from "@mp/svc-listings";
import { publishingService } from "@mp/svc-publishing";
import { purchasesService } from "@mp/svc-purchases";
import { settlementsService } from "@mp/svc-settlements";
import { webhooksService } from "@mp/svc-webhooks";
import { makeTestPki } from "@mp/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Manifest } from "./load";
import { PROD_SECRETS } from "./prod-secrets";
import { containerEnv, findObject, renderOverlay } from "./render";

/**
 * Each process's own configuration parser, run over the environment its rendered Deployment gives it (with
 * its mounted key files): both overlays must render to configurations the processes accept at boot, so a
 * check added to a parser (production refusing a development issuer or a test key) fails here first.
 */
const SPECS: Record<ServiceName, ServiceSpec> = {
  catalogue: catalogueService,
  publishing: publishingService,
  assets: assetsService,
  listings: listingsService,
  purchases: purchasesService,
  settlements: settlementsService,
  "iot-adapter": iotAdapterService,
  webhooks: webhooksService,
} as Record<ServiceName, ServiceSpec>;
const overlays = { dev: renderOverlay("dev"), prod: renderOverlay("prod") } as const;
type Overlay = keyof typeof overlays;

let dir: string;
/**
 * What the mesh Secrets and ConfigMap (`pnpm mesh-keys --k8s`) and the prod overlay's gRPC TLS Secret
 * (`marketplace-grpc-tls`, as cert-manager writes it) hold, by object name and file.
 */
let meshObjects: Record<string, Record<string, string>>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "overlay-config-"));
  const keys = await generateMeshKeys([GATEWAY_SIGNER, ...SERVICE_NAMES.map(serviceSigner)]);
  const pki = makeTestPki(dir, "grpc");
  meshObjects = {
    "marketplace-grpc-tls": {
      "tls.crt": readFileSync(pki.cert, "utf8"),
      "tls.key": readFileSync(pki.key, "utf8"),
      "ca.crt": readFileSync(pki.ca, "utf8"),
    },
    "mesh-jwks": { "jwks.json": JSON.stringify(keys.jwks) },
    "mesh-key-gateway": { "private.jwk.json": JSON.stringify(keys.privateKeys[GATEWAY_SIGNER]) },
    ...Object.fromEntries(
      SERVICE_NAMES.map((name) => [
        `mesh-key-${name}`,
        { "private.jwk.json": JSON.stringify(keys.privateKeys[serviceSigner(name)]) },
      ]),
    ),
  };
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * The container's environment with its Secret and ConfigMap volumes "mounted": each mount's files are
 * written under a directory of the test's, and values naming a file under a mount path are pointed there.
 */
function bootEnvironment(overlay: Overlay, name: string): Record<string, string> {
  const deployment = findObject(overlays[overlay], "Deployment", name);
  const { containers, volumes = [] } = deployment.spec.template.spec;
  const container = containers[0];
  const env = containerEnv(overlays[overlay], container, overlay === "prod" ? PROD_SECRETS : {});
  for (const mount of container.volumeMounts ?? []) {
    const volume = volumes.find((v: Manifest) => v.name === mount.name);
    const source = volume?.secret?.secretName ?? volume?.configMap?.name;
    const files = meshObjects[source];
    if (!files) continue;
    const local = join(dir, overlay, name, mount.mountPath);
    mkdirSync(local, { recursive: true });
    for (const [file, content] of Object.entries(files)) writeFileSync(join(local, file), content);
    for (const [key, value] of Object.entries(env))
      if (value.startsWith(`${mount.mountPath}/`))
        env[key] = join(local, value.slice(mount.mountPath.length));
  }
  return env;
}

describe.each(Object.keys(overlays) as Overlay[])("overlay %s", (overlay) => {
  it.each(SERVICE_NAMES)("%s: its configuration parser accepts the rendered environment", (name) => {
    const config = loadServiceConfig(SPECS[name], bootEnvironment(overlay, name));
    expect(config.NODE_ENV).toBe(overlay === "dev" ? "development" : "production");
    expect(config.OTEL_EXPORTER_OTLP_ENDPOINT).toMatch(/^http/);
  });

  it("gateway: its configuration parser accepts the rendered environment, its mesh key and JWKS", () => {
    const env = bootEnvironment(overlay, "gateway");
    const config = loadGatewayConfig(env);
    expect(config.NODE_ENV).toBe(overlay === "dev" ? "development" : "production");
    expect(config.RATE_LIMIT_REDIS_URL).toMatch(/^redis:\/\//);
    if (overlay === "prod") expect(config.TRUST_PROXY).toEqual([expect.stringMatching(/\/\d+$/)]);
    // The gateway MACs its calls under keys shared with each service's: it needs the mesh's public keys.
    expect(config.MESH_JWKS_FILE).toBeDefined();
    expect(() => meshSignerFrom(config, GATEWAY_SIGNER)).not.toThrow();
  });
});
