import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { GATEWAY_SIGNER, generateMeshKeys, type MeshKeySet, serviceSigner } from "@mp/auth";
import type { JSONWebKeySet } from "jose";
import type { Target } from "./launcher/targets";

/** Where each process finds its mesh key (`MESH_PRIVATE_KEY_FILE`) and every signer's public key. */
export interface MeshKeyFiles {
  /** The public keys of the gateway and every service (`MESH_JWKS_FILE`). */
  jwksFile: string;
  privateKeyFiles: Record<Target, string>;
  /** The same keys in memory, for tests that sign assertions of their own. */
  keys: MeshKeySet;
}

/** A target's signer name: `gateway`, or `service:<name>`. */
export function signerOf(target: Target): string {
  return target === "gateway" ? GATEWAY_SIGNER : serviceSigner(target);
}

export interface MeshKeyOptions {
  /** The version in each new key's kid (`service:catalogue#<version>`; default: now). */
  version?: string | undefined;
  /** Public keys published today that stay in the new JWKS beside the new ones (a rotation's first step). */
  keep?: JSONWebKeySet | undefined;
}

/** Fresh keys for `targets`, their JWKS also holding the kept keys (a kid made again replaces its old key). */
export async function makeMeshKeys(
  targets: readonly Target[],
  options: MeshKeyOptions = {},
): Promise<MeshKeySet> {
  const made = await generateMeshKeys(targets.map(signerOf), options.version);
  const fresh = new Set(made.jwks.keys.map((k) => k.kid));
  const kept = (options.keep?.keys ?? []).filter((k) => !fresh.has(k.kid));
  return { privateKeys: made.privateKeys, jwks: { keys: [...kept, ...made.jwks.keys] } };
}

/**
 * A fresh key pair per process, written under `dir` (private keys 0600): every launch makes a new mesh,
 * so nothing a previous run (or a stray process) signed is accepted by this one.
 */
export async function writeMeshKeys(
  dir: string,
  targets: readonly Target[],
  options: MeshKeyOptions = {},
): Promise<MeshKeyFiles> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const keys = await makeMeshKeys(targets, options);
  const privateKeyFiles = {} as Record<Target, string>;
  for (const target of targets) {
    const path = join(dir, `${target}.private.jwk.json`);
    await writeFile(path, `${JSON.stringify(keys.privateKeys[signerOf(target)], null, 2)}\n`, {
      mode: 0o600,
    });
    privateKeyFiles[target] = path;
  }
  const jwksFile = join(dir, "jwks.json");
  await writeFile(jwksFile, `${JSON.stringify(keys.jwks, null, 2)}\n`);
  return { jwksFile, privateKeyFiles, keys };
}

/**
 * Kubernetes objects holding a mesh: one Secret per process (`mesh-key-<target>`, key `private.jwk.json`),
 * so a pod can mount or read only its own key, and one ConfigMap (`mesh-jwks`, key `jwks.json`) with the
 * public keys every service verifies with. A `v1/List`, printable as JSON for `kubectl apply -f -`.
 */
export function meshKeyManifests(keys: MeshKeySet, targets: readonly Target[], namespace?: string) {
  const metadata = (name: string) => ({
    name,
    ...(namespace ? { namespace } : {}),
    labels: { "app.kubernetes.io/part-of": "marketplace", "app.kubernetes.io/component": "mesh-keys" },
  });
  return {
    apiVersion: "v1",
    kind: "List",
    items: [
      ...targets.map((target) => ({
        apiVersion: "v1",
        kind: "Secret",
        type: "Opaque",
        metadata: metadata(`mesh-key-${target}`),
        stringData: { "private.jwk.json": JSON.stringify(keys.privateKeys[signerOf(target)]) },
      })),
      {
        apiVersion: "v1",
        kind: "ConfigMap",
        metadata: metadata("mesh-jwks"),
        data: { "jwks.json": JSON.stringify(keys.jwks) },
      },
    ],
  };
}
