import { describe, expect, it } from "vitest";
import { manifestNatsConf } from "./manifest-env";
import { nodeConf } from "./nats-conf";
import { NATS_NODES, natsPorts } from "./topology";

const authorization = (conf: string) =>
  conf.slice(conf.indexOf("authorization {"), conf.indexOf("cluster {"));

describe("NATS cluster node configuration", () => {
  const manifest = manifestNatsConf();

  it("keeps the manifests' users and permissions exactly", () => {
    expect(authorization(manifest)).toMatch(/user: purchases, password: \$PURCHASES_NATS_PASSWORD/);
    for (const node of NATS_NODES)
      expect(authorization(nodeConf(manifest, node))).toBe(authorization(manifest));
  });

  it("gives each node its own ports and routes to all three", () => {
    for (const node of NATS_NODES) {
      const conf = nodeConf(manifest, node);
      const ports = natsPorts(node);
      expect(conf).toMatch(new RegExp(`^port: ${ports.client}$`, "m"));
      expect(conf).toMatch(new RegExp(`^http_port: ${ports.monitor}$`, "m"));
      expect(conf).toMatch(new RegExp(`^\\s+port: ${ports.cluster}$`, "m"));
      for (const other of NATS_NODES) expect(conf).toContain(`nats://127.0.0.1:${natsPorts(other).cluster}`);
      expect(conf).not.toContain("nats-headless");
      expect(conf).toContain("server_name: $POD_NAME");
    }
  });

  it("refuses a configuration it cannot adapt instead of starting nodes on the manifests' ports", () => {
    expect(() => nodeConf(manifest.replace("http_port: 8222", "http_port: 8333"), 1)).toThrow(/http_port/);
  });
});
