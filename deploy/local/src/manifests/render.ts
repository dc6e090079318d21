import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { parseAllDocuments } from "yaml";
import { REPO_ROOT } from "../paths";
import type { Manifest } from "./load";

/** Where kubectl is looked for: `KUBECTL` when set, else `kubectl` on PATH. */
const kubectl = () => process.env.KUBECTL || "kubectl";

/**
 * The objects an overlay renders to (`kubectl kustomize deploy/k8s/overlays/<overlay>`), as a cluster would
 * receive them. Without kubectl this throws saying how to install it, so the failure names its cause.
 */
export function renderOverlay(overlay: "dev" | "prod"): Manifest[] {
  let text: string;
  try {
    text = execFileSync(kubectl(), ["kustomize", join(REPO_ROOT, "deploy/k8s/overlays", overlay)], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      throw new Error(
        `kubectl not found (${kubectl()}): the manifest tests render the overlays with \`kubectl kustomize\`. ` +
          "Install it (Debian/Ubuntu: `apt-get install kubectl`), or set KUBECTL to its path.",
      );
    }
    const stderr = (error as { stderr?: string }).stderr ?? "";
    throw new Error(`kubectl kustomize deploy/k8s/overlays/${overlay} failed: ${stderr.trim() || error}`);
  }
  return parseAllDocuments(text).map((document) => {
    if (document.errors.length > 0) throw new Error(`${overlay}: ${document.errors[0]?.message}`);
    return document.toJS() as Manifest;
  });
}

/** The one object of `kind` named `name` (generated ConfigMaps and Secrets by their name before the hash). */
export function findObject(objects: Manifest[], kind: string, name: string): Manifest {
  const found = objects.filter(
    (o) =>
      o.kind === kind &&
      (o.metadata?.name === name ||
        ((kind === "ConfigMap" || kind === "Secret") && hashedName(o.metadata?.name) === name)),
  );
  if (found.length !== 1) throw new Error(`expected one ${kind} ${name}, found ${found.length}`);
  return found[0]!;
}

/** `marketplace-env-m74f2966d6` -> `marketplace-env` (kustomize's content-hash suffix). */
const hashedName = (name: string | undefined) => name?.replace(/-[a-z0-9]{10}$/, "");

/**
 * The environment a workload's container starts with, as the kubelet builds it: `envFrom` ConfigMaps and
 * Secrets in order (Secret values decoded), then `env` (values, and `secretKeyRef`/`configMapKeyRef`
 * lookups), later entries winning. A reference to an object the overlay does not render (production
 * Secrets the operator creates) is looked up in `external` by object name, and must be there.
 */
export function containerEnv(
  objects: Manifest[],
  container: Manifest,
  external: Record<string, Record<string, string>> = {},
): Record<string, string> {
  const data = (kind: "ConfigMap" | "Secret", name: string): Record<string, string> => {
    const rendered = objects.find((o) => o.kind === kind && o.metadata?.name === name);
    if (!rendered) {
      const given = external[hashedName(name) ?? name];
      if (!given) throw new Error(`${container.name}: ${kind} ${name} is neither rendered nor given`);
      return given;
    }
    if (kind === "ConfigMap") return rendered.data ?? {};
    return Object.fromEntries(
      Object.entries(rendered.data ?? {}).map(([key, value]) => [
        key,
        Buffer.from(String(value), "base64").toString("utf8"),
      ]),
    );
  };
  const env: Record<string, string> = {};
  for (const source of container.envFrom ?? []) {
    if (source.configMapRef) Object.assign(env, data("ConfigMap", source.configMapRef.name));
    if (source.secretRef) Object.assign(env, data("Secret", source.secretRef.name));
  }
  for (const entry of container.env ?? []) {
    const ref = entry.valueFrom?.secretKeyRef ?? entry.valueFrom?.configMapKeyRef;
    if (ref) {
      const value = data(entry.valueFrom.secretKeyRef ? "Secret" : "ConfigMap", ref.name)[ref.key];
      if (value === undefined) throw new Error(`${container.name}: ${ref.name} has no key ${ref.key}`);
      env[entry.name] = value;
    } else if (entry.value !== undefined) {
      env[entry.name] = String(entry.value);
    }
  }
  return env;
}
