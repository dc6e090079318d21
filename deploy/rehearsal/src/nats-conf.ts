import { HOST, NATS_NODES, type NatsNode, natsPorts } from "./topology";

/**
 * One cluster node's configuration, made from the manifests' `nats.conf` (users, permissions, JetStream
 * and lame-duck settings kept as they are): only the ports and the cluster routes change, since the three
 * nodes share this host instead of each having a pod. Passwords stay `$<USER>_NATS_PASSWORD` references,
 * given to the container as environment variables like the `nats-users` Secret does, and `$POD_NAME`
 * stays the server name.
 */
export function nodeConf(manifestConf: string, node: NatsNode): string {
  const ports = natsPorts(node);
  const replaced = (pattern: RegExp, by: string, text: string) => {
    if (!pattern.test(text)) throw new Error(`nats.conf from the manifests: no ${pattern} to replace`);
    return text.replace(pattern, by);
  };
  const routes = NATS_NODES.map((n) => `    nats://${HOST}:${natsPorts(n).cluster}`).join("\n");
  let conf = manifestConf;
  conf = replaced(/^port: 4222$/m, `port: ${ports.client}`, conf);
  conf = replaced(/^http_port: 8222$/m, `http_port: ${ports.monitor}`, conf);
  conf = replaced(/^(\s+)port: 6222$/m, `$1port: ${ports.cluster}`, conf);
  conf = replaced(/^(\s+)routes: \[[^\]]*\]/m, `$1routes: [\n${routes}\n  ]`, conf);
  return conf;
}
