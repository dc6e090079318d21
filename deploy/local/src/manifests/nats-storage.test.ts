import { parseSize } from "@mp/bus";
import { STREAMS } from "@mp/contracts";
import { describe, expect, it } from "vitest";
import type { Manifest } from "./load";
import { findObject, renderOverlay } from "./render";

/**
 * JetStream reserves each stream's `max_bytes` on every node that holds one of its replicas and refuses to
 * place a stream that does not fit ("no suitable peers for placement, insufficient storage"). So the
 * streams' cap, times the streams, times their replicas, must fit in the nodes' `max_file_store`, and each
 * node's store in its volume.
 */
/** Each overlay as a cluster receives it (`kubectl kustomize`), so an overlay's patches are checked too. */
const OVERLAYS = ["dev", "prod"] as const;
const nats = (objects: Manifest[], kind: string): Manifest => {
  const found = objects.find((doc) => doc.kind === kind && doc.metadata?.name?.startsWith("nats"));
  if (!found) throw new Error(`no NATS ${kind} rendered`);
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

describe.each(OVERLAYS)("NATS storage in overlay %s", (overlay) => {
  const objects = renderOverlay(overlay);
  const env: Record<string, string> = findObject(objects, "ConfigMap", "marketplace-env").data;
  const conf: string = nats(objects, "ConfigMap").data["nats.conf"];
  const statefulSet = nats(objects, "StatefulSet");
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
