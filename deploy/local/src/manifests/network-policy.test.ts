import { describe, expect, it } from "vitest";
import { allowsTcp, type PodEnd } from "./network-policy";

/** The evaluator the overlay tests judge connections with, on small policies whose answers are known. */
const ns = "shop";
const policy = (name: string, spec: Record<string, unknown>) => ({
  kind: "NetworkPolicy",
  metadata: { name, namespace: ns },
  spec,
});
const web: PodEnd = { namespace: ns, labels: { app: "web" }, ports: { http: 8080 } };
const db: PodEnd = { namespace: ns, labels: { app: "db", tier: "data" }, ports: { pg: 5432 } };
const denyAll = policy("deny", { podSelector: {}, policyTypes: ["Ingress", "Egress"] });
const allowOut = policy("out", { podSelector: {}, policyTypes: ["Egress"], egress: [{}] });

describe("allowsTcp", () => {
  it("allows everything without policies, nothing under a default deny", () => {
    expect(allowsTcp([], web, db, 5432)).toBe(true);
    expect(allowsTcp([denyAll], web, db, 5432)).toBe(false);
  });

  it("needs both the source's egress and the target's ingress", () => {
    const into = policy("db-in", {
      podSelector: { matchLabels: { app: "db" } },
      policyTypes: ["Ingress"],
      ingress: [{ from: [{ podSelector: { matchLabels: { app: "web" } } }], ports: [{ port: "pg" }] }],
    });
    expect(allowsTcp([denyAll, into], web, db, 5432)).toBe(false);
    expect(allowsTcp([denyAll, into, allowOut], web, db, 5432)).toBe(true);
    expect(allowsTcp([denyAll, into, allowOut], web, db, 5433)).toBe(false);
    expect(allowsTcp([denyAll, into, allowOut], db, web, 8080)).toBe(false);
  });

  it("matches expressions, namespaces and port ranges", () => {
    const out = policy("to-data", {
      podSelector: {},
      policyTypes: ["Egress"],
      egress: [
        { to: [{ podSelector: { matchExpressions: [{ key: "tier", operator: "In", values: ["data"] }] } }] },
        {
          to: [{ namespaceSelector: { matchLabels: { "kubernetes.io/metadata.name": "monitoring" } } }],
          ports: [{ protocol: "TCP", port: 9000, endPort: 9010 }],
        },
      ],
    });
    const collector: PodEnd = { namespace: "monitoring", labels: {} };
    expect(allowsTcp([out], web, db, 5432)).toBe(true);
    expect(allowsTcp([out], db, web, 8080)).toBe(false);
    expect(allowsTcp([out], web, collector, 9005)).toBe(true);
    expect(allowsTcp([out], web, collector, 9011)).toBe(false);
    expect(allowsTcp([out], web, { ...collector, namespace: "other" }, 9005)).toBe(false);
  });

  it("applies ipBlocks with their exceptions to addresses only", () => {
    const out = policy("https", {
      podSelector: { matchLabels: { app: "web" } },
      policyTypes: ["Egress"],
      egress: [{ to: [{ ipBlock: { cidr: "0.0.0.0/0", except: ["10.0.0.0/8"] } }], ports: [{ port: 443 }] }],
    });
    expect(allowsTcp([out], web, { ip: "93.184.216.34" }, 443)).toBe(true);
    expect(allowsTcp([out], web, { ip: "10.1.2.3" }, 443)).toBe(false);
    expect(allowsTcp([out], web, { ip: "93.184.216.34" }, 80)).toBe(false);
    expect(allowsTcp([out], web, db, 443)).toBe(false);
  });
});
