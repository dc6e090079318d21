import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { JSONWebKeySet } from "jose";
import { TARGETS, type Target } from "./launcher/targets";
import { makeMeshKeys, meshKeyManifests, writeMeshKeys } from "./mesh-keys";
import { DEFAULT_DATA_DIR } from "./paths";

const USAGE = `Usage:
  pnpm mesh-keys [--dir <path>]                 write a fresh key pair per process (default .local/mesh-keys)
  pnpm -s mesh-keys --k8s [--namespace <ns>]    print a Secret per process and the mesh-jwks ConfigMap (JSON)
Options of both:
  --version <v>        the version in each new key's kid (<signer>#<v>; default: now, 20261128T184230Z)
  --only <t>[,<t>...]  make keys for these processes only (gateway, catalogue, ...)
  --keep <jwks.json>   keep the public keys of this JWKS beside the new ones (rotation, docs/mesh.md)`;

/**
 * Mesh keys for deployments that do not run the launcher: files for docker compose (mounted, then named by
 * MESH_PRIVATE_KEY_FILE / MESH_JWKS_FILE), or Kubernetes objects on stdout. Every run makes new keys;
 * with `--keep` the JWKS still holds the published ones, so a signer's key can rotate without a failed call.
 */
async function main(args: string[]): Promise<number> {
  const value = (flag: string) => {
    const i = args.indexOf(flag);
    return i >= 0 ? args[i + 1] : undefined;
  };
  if (args.includes("--help")) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const only = value("--only")?.split(",");
  const unknown = only?.filter((t) => !TARGETS.includes(t as Target)) ?? [];
  if (unknown.length > 0) {
    process.stderr.write(`unknown process: ${unknown.join(", ")}\n${USAGE}\n`);
    return 2;
  }
  const targets = (only as Target[] | undefined) ?? TARGETS;
  const keepFile = value("--keep");
  const options = {
    version: value("--version"),
    keep: keepFile ? (JSON.parse(await readFile(keepFile, "utf8")) as JSONWebKeySet) : undefined,
  };
  if (args.includes("--k8s")) {
    const keys = await makeMeshKeys(targets, options);
    process.stdout.write(
      `${JSON.stringify(meshKeyManifests(keys, targets, value("--namespace")), null, 2)}\n`,
    );
    return 0;
  }
  const dir = value("--dir") ?? join(DEFAULT_DATA_DIR, "mesh-keys");
  const files = await writeMeshKeys(dir, targets, options);
  process.stdout.write(`mesh keys written: ${files.jwksFile} and ${targets.length} private keys in ${dir}\n`);
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
