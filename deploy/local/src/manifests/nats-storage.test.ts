import { parseSize } from "@mp/bus";
import { STREAMS } from "@mp/contracts";
import { describe, expect, it } from "vitest";
import { loadManifests, loadYaml, type Manifest } from "./load";

/**
 * JetStream reserves each stream's `max_bytes` on every node that holds one of its replicas and refuses to
 * place a stream that does not fit ("no suitable peers for placement, insufficient storage"). So the
 * streams' cap, times the streams, times their replicas, must fit in the nodes' `max_file_store`, and each
 * node's store in its volume.
 */
const base = loadManifests("deploy/k8s/base");
const nats = (kind: string): Manifest => {
  const found = base.find(({ doc }) => doc.kind === kind && doc.metadata?.name?.startsWith("nats"))?.doc;
  if (!found) throw new Error(`no NATS ${kind} in deploy/k8s/base`);
  return found;
};

/** nats.conf sizes: `8G`, `512M`, `1024K` (NATS reads the units as powers of 1024), or plain bytes. */
function natsSize(text: string): number {
  const match = /^(\d+)\s*([KMGT])?B?$/i.exec(text);
  if (!match?.[1]) throw new Error(`"${text}" is not a NATS size`);
  const power = " KMGT".indexOf((match[2] ?? " ").toUpperCase());
  return Number(match[1]) * 1024 ** power;
}

/** Kubernetes quantities with binary units: `10Gi`. */
function quantity(text: string): number {
  const match = /^(\d+)(Ki|Mi|Gi|Ti)$/.exec(text);
  if (!match?.[1] || !match[2]) throw new Error(`"${text}" is not a binary quantity`);
  return Number(match[1]) * 1024 ** (["Ki", "Mi", "Gi", "Ti"].indexOf(match[2]) + 1);
}

describe("NATS storage in the manifests", () => {
  const kustomization = loadYaml("deploy/k8s/base/kustomization.yaml");
  const literals: string[] = kustomization.configMapGenerator.find(
    (g: Manifest) => g.name === "marketplace-env",
  ).literals;
  const env = Object.fromEntries(
    literals.map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
  );
  const conf: string = nats("ConfigMap").data["nats.conf"];
  const statefulSet = nats("StatefulSet");
  const store = natsSize(/max_file_store:\s*([^\s,}]+)/.exec(conf)?.[1] ?? "");
  const nodes: number = statefulSet.spec.replicas;

  it("has room for every stream at its cap and replicas on the nodes' file store", () => {
    const cap = parseSize(env.BUS_STREAM_MAX_BYTES ?? "");
    const replicas = Number(env.BUS_STREAM_REPLICAS);
    const streams = Object.keys(STREAMS).length;
    expect(replicas).toBeLessThanOrEqual(nodes);
    expect(cap * streams * replicas).toBeLessThanOrEqual(store * nodes);
  });

  it("gives each node a volume at least as large as its file store", () => {
    const claim = statefulSet.spec.volumeClaimTemplates.find((t: Manifest) => t.metadata.name === "data");
    expect(quantity(claim.spec.resources.requests.storage)).toBeGreaterThanOrEqual(store);
  });
});
