import { join } from "node:path";
import { generateMeshKeys } from "@mp/auth";
import { TARGETS } from "./launcher/targets";
import { meshKeyManifests, signerOf, writeMeshKeys } from "./mesh-keys";
import { DEFAULT_DATA_DIR } from "./paths";

const USAGE = `Usage:
  pnpm mesh-keys [--dir <path>]                 write a fresh key pair per process (default .local/mesh-keys)
  pnpm -s mesh-keys --k8s [--namespace <ns>]    print a Secret per process and the mesh-jwks ConfigMap (JSON)`;

/**
 * Mesh keys for deployments that do not run the launcher: files for docker compose (mounted, then named by
 * MESH_PRIVATE_KEY_FILE / MESH_JWKS_FILE), or Kubernetes objects on stdout. Every run makes a new mesh;
 * roll every process after replacing the keys.
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
  if (args.includes("--k8s")) {
    const keys = await generateMeshKeys(TARGETS.map(signerOf));
    process.stdout.write(
      `${JSON.stringify(meshKeyManifests(keys, TARGETS, value("--namespace")), null, 2)}\n`,
    );
    return 0;
  }
  const dir = value("--dir") ?? join(DEFAULT_DATA_DIR, "mesh-keys");
  const files = await writeMeshKeys(dir, TARGETS);
  process.stdout.write(`mesh keys written: ${files.jwksFile} and ${TARGETS.length} private keys in ${dir}\n`);
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
