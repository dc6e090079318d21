import type { Manifest } from "./load";

/** A pod as NetworkPolicies see it: its namespace (with that namespace's labels), labels and named ports. */
export interface PodEnd {
  namespace: string;
  namespaceLabels?: Record<string, string>;
  labels: Record<string, string>;
  /** Container port names to numbers, for policies that name a port. */
  ports?: Record<string, number>;
}

/** An address outside the cluster's pods (an ipBlock peer). */
export interface AddressEnd {
  ip: string;
}

export type Destination = PodEnd | AddressEnd;

type Selector = { matchLabels?: Record<string, string>; matchExpressions?: Manifest[] } | undefined;

function selects(selector: Selector, labels: Record<string, string>): boolean {
  if (!selector) return false;
  for (const [key, value] of Object.entries(selector.matchLabels ?? {}))
    if (labels[key] !== value) return false;
  for (const { key, operator, values = [] } of selector.matchExpressions ?? []) {
    const has = key in labels;
    const ok =
      operator === "In"
        ? has && values.includes(labels[key])
        : operator === "NotIn"
          ? !has || !values.includes(labels[key])
          : operator === "Exists"
            ? has
            : operator === "DoesNotExist"
              ? !has
              : false;
    if (!ok) return false;
  }
  return true;
}

const ipv4 = (ip: string) => ip.split(".").reduce((n, part) => n * 256 + Number(part), 0);

function inCidr(ip: string, cidr: string): boolean {
  const [base, bits] = cidr.split("/");
  const size = 2 ** (32 - Number(bits ?? 32));
  const start = Math.floor(ipv4(base!) / size) * size;
  return ipv4(ip) >= start && ipv4(ip) < start + size;
}

const namespaceLabelsOf = (pod: PodEnd) => ({
  "kubernetes.io/metadata.name": pod.namespace,
  ...pod.namespaceLabels,
});

/** Whether one `to`/`from` peer of a policy in `policyNamespace` covers `end`. */
function peerCovers(peer: Manifest, policyNamespace: string, end: Destination): boolean {
  if (peer.ipBlock) {
    if (!("ip" in end)) return false;
    return (
      inCidr(end.ip, peer.ipBlock.cidr) && !(peer.ipBlock.except ?? []).some((c: string) => inCidr(end.ip, c))
    );
  }
  if ("ip" in end) return false;
  const namespaceOk = peer.namespaceSelector
    ? selects(peer.namespaceSelector, namespaceLabelsOf(end))
    : end.namespace === policyNamespace;
  const podOk = peer.podSelector ? selects(peer.podSelector, end.labels) : true;
  return namespaceOk && podOk;
}

function portCovers(rulePort: Manifest, port: number, target: Destination): boolean {
  if ((rulePort.protocol ?? "TCP") !== "TCP") return false;
  if (rulePort.port === undefined) return true;
  const first =
    typeof rulePort.port === "string"
      ? "ip" in target
        ? undefined
        : target.ports?.[rulePort.port]
      : rulePort.port;
  if (first === undefined) return false;
  return port >= first && port <= (rulePort.endPort ?? first);
}

/** Whether `policies` let TCP traffic go from `source` to `port` of `target`, both directions checked. */
export function allowsTcp(policies: Manifest[], source: PodEnd, target: Destination, port: number): boolean {
  const direction = (
    type: "Egress" | "Ingress",
    subject: PodEnd,
    peer: PodEnd | Destination,
    peerKey: "to" | "from",
  ) => {
    const applying = policies.filter(
      (p) =>
        p.kind === "NetworkPolicy" &&
        p.metadata.namespace === subject.namespace &&
        (p.spec.policyTypes ?? ["Ingress"]).includes(type) &&
        selects(p.spec.podSelector ?? {}, subject.labels),
    );
    if (applying.length === 0) return true; // not isolated in this direction
    return applying.some((policy) =>
      (policy.spec[type === "Egress" ? "egress" : "ingress"] ?? []).some(
        (rule: Manifest) =>
          ((rule[peerKey] ?? []).length === 0 ||
            rule[peerKey].some((p: Manifest) => peerCovers(p, policy.metadata.namespace, peer))) &&
          ((rule.ports ?? []).length === 0 || rule.ports.some((p: Manifest) => portCovers(p, port, target))),
      ),
    );
  };
  const egress = direction("Egress", source, target, "to");
  if ("ip" in target) return egress;
  return egress && direction("Ingress", target, source, "from");
}

/** The pod a workload (Deployment, StatefulSet, Job) runs, as a policy end. */
export function podOf(workload: Manifest): PodEnd {
  const template = workload.spec.template;
  const ports: Record<string, number> = {};
  for (const container of template.spec.containers)
    for (const p of container.ports ?? []) if (p.name) ports[p.name] = p.containerPort;
  return { namespace: workload.metadata.namespace, labels: template.metadata.labels ?? {}, ports };
}
