import { execFile } from "node:child_process";
import { chmod, chown, copyFile, mkdir, readdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { loadDevKeys } from "@mp/local/dev-keys";
import { writeMeshKeys } from "@mp/local/mesh-keys";
import { DEFAULT_DATA_DIR, REPO_ROOT } from "@mp/local/paths";
import type { HostFiles } from "./containers";
import { manifestNatsConf } from "./manifest-env";
import { nodeConf } from "./nats-conf";
import { ingressConf } from "./nginx-conf";
import { HOST, NATS_NODES, WORKLOADS } from "./topology";

const run = promisify(execFile);

/** The rehearsal's state on the host; `down` removes it. */
export const REHEARSAL_DIR = join(DEFAULT_DATA_DIR, "rehearsal");
/** The containers run as uid 1000 (the images' `node` user), so the files they read are theirs. */
const CONTAINER_UID = 1000;

export interface PreparedFiles extends HostFiles {
  /** The development JWKS (public keys of `.local/dev-keys`), served over TLS to the gateways. */
  authJwksFile: string;
  tlsCert: string;
  tlsKey: string;
}

/**
 * Everything the containers mount, made fresh for each `up`: a mesh key pair per workload (as the
 * `mesh-key-<name>` Secrets and the `mesh-jwks` ConfigMap), each NATS node's configuration, the
 * ingress's nginx.conf, a TLS
 * certificate for 127.0.0.1 (which is also the CA the gateways trust), and the development JWKS.
 */
export async function prepareHostFiles(): Promise<PreparedFiles> {
  await rm(REHEARSAL_DIR, { recursive: true, force: true });
  const meshDir = join(REHEARSAL_DIR, "mesh");
  const mesh = await writeMeshKeys(meshDir, WORKLOADS);
  const natsDir = join(REHEARSAL_DIR, "nats");
  await mkdir(natsDir, { recursive: true });
  const conf = manifestNatsConf();
  for (const node of NATS_NODES) await writeFile(join(natsDir, `nats-${node}.conf`), nodeConf(conf, node));
  const ingressConfFile = join(REHEARSAL_DIR, "ingress", "nginx.conf");
  await mkdir(join(REHEARSAL_DIR, "ingress"), { recursive: true });
  await writeFile(ingressConfFile, ingressConf());
  const authDir = join(REHEARSAL_DIR, "auth");
  await mkdir(authDir, { recursive: true });
  const tlsCert = join(authDir, "cert.pem");
  const tlsKey = join(authDir, "key.pem");
  await run("openssl", [
    ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"],
    ...["-keyout", tlsKey, "-out", tlsCert, "-days", "7", "-subj", `/CN=${HOST}`],
    ...["-addext", `subjectAltName=IP:${HOST}`],
  ]);
  const devKeys = await loadDevKeys();
  const authJwksFile = join(authDir, "jwks.json");
  await copyFile(devKeys.jwksPath, authJwksFile);
  await ownTree(REHEARSAL_DIR);
  return {
    repo: REPO_ROOT,
    meshKeyFile: (target) => mesh.privateKeyFiles[target],
    meshJwksFile: mesh.jwksFile,
    natsConfFile: (node) => join(natsDir, `nats-${node}.conf`),
    ingressConfFile,
    caFile: tlsCert,
    authJwksFile,
    tlsCert,
    tlsKey,
  };
}

/** Hands the tree to the containers' user; files stay unreadable to other users of the host. */
async function ownTree(dir: string): Promise<void> {
  if (process.getuid?.() !== 0) {
    // Not root: the files keep our uid; readable by the containers only when that uid is 1000.
    return;
  }
  const walk = async (path: string): Promise<void> => {
    await chown(path, CONTAINER_UID, CONTAINER_UID);
    for (const entry of await readdir(path, { withFileTypes: true })) {
      const child = join(path, entry.name);
      if (entry.isDirectory()) await walk(child);
      else await chown(child, CONTAINER_UID, CONTAINER_UID);
    }
  };
  await chmod(dir, 0o700);
  await walk(dir);
}
