import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "@mp/local/paths";
import type { Target } from "@mp/local/targets";
import { imageOf } from "./containers";
import { imageExists, streamed } from "./docker";
import { WORKLOADS } from "./topology";

const DOCKERFILE = "deploy/docker/Dockerfile";
const BASE_IMAGES_SCRIPT = "deploy/docker/base-images.sh";

/** The Node base image the Dockerfile names (`ARG NODE_IMAGE=...`); the tool containers run on it too. */
export function nodeBaseImage(dockerfile = readFileSync(join(REPO_ROOT, DOCKERFILE), "utf8")): string {
  const match = /^ARG NODE_IMAGE=(\S+)$/m.exec(dockerfile);
  if (!match?.[1]) throw new Error(`${DOCKERFILE}: no ARG NODE_IMAGE=<image> to build from`);
  return match[1];
}

/** The NATS image the base-image script builds (override: REHEARSAL_NATS_IMAGE). */
export function natsImage(env = process.env): string {
  return env.REHEARSAL_NATS_IMAGE || "marketplace/nats:local";
}

/** The Redis image the base-image script builds (override: REHEARSAL_REDIS_IMAGE). */
export function redisImage(env = process.env): string {
  return env.REHEARSAL_REDIS_IMAGE || "marketplace/redis:local";
}

/** The ingress's nginx image the base-image script builds (override: REHEARSAL_INGRESS_IMAGE). */
export function ingressImage(env = process.env): string {
  return env.REHEARSAL_INGRESS_IMAGE || "marketplace/nginx:local";
}

/**
 * The base images (the Node image the Dockerfile names, NATS, Redis and nginx), built by the repository's script when
 * missing here, then one image per workload and the simulator from the one Dockerfile.
 */
export async function buildImages(log: (line: string) => void, only?: readonly string[]): Promise<void> {
  const bases = [nodeBaseImage(), natsImage(), redisImage(), ingressImage()];
  const missing = [];
  for (const image of bases) if (!(await imageExists(image))) missing.push(image);
  if (missing.length > 0) {
    if (!existsSync(join(REPO_ROOT, BASE_IMAGES_SCRIPT)))
      throw new Error(`${missing.join(", ")} missing and ${BASE_IMAGES_SCRIPT} is not in this checkout`);
    log(`base images missing (${missing.join(", ")}): ${BASE_IMAGES_SCRIPT}`);
    await streamed("bash", [BASE_IMAGES_SCRIPT], REPO_ROOT);
  }
  const targets: (Target | "simulator")[] = [...WORKLOADS, "simulator"];
  for (const target of targets) {
    if (only && !only.includes(target)) continue;
    log(`building ${imageOf(target)}`);
    await streamed(
      "docker",
      [
        ...["build", "--network", "host", "-f", DOCKERFILE, "--build-arg", `SERVICE=${target}`],
        ...["-t", imageOf(target), "."],
      ],
      REPO_ROOT,
    );
  }
}
