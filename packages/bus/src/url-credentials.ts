/**
 * `nats://user:password@host:4222` as connect options: the NATS client ignores credentials in a server
 * URL, so they are taken out and passed as `user` / `pass` (how the deploy files give each service its
 * own NATS user through NATS_URL). Several comma-separated URLs share the first one's credentials.
 */
export function natsConnectOptions(url: string): { servers: string; user?: string; pass?: string } {
  const servers = url.split(",").map((s) => s.trim());
  let user: string | undefined;
  let pass: string | undefined;
  const bare = servers.map((server) => {
    const match = /^([a-z]+:\/\/)?([^@/]*)@(.*)$/.exec(server);
    if (!match) return server;
    const [name, password] = (match[2] ?? "").split(":");
    user ??= decodeURIComponent(name ?? "");
    pass ??= password === undefined ? undefined : decodeURIComponent(password);
    return `${match[1] ?? ""}${match[3]}`;
  });
  return { servers: bare.join(","), ...(user ? { user } : {}), ...(pass !== undefined ? { pass } : {}) };
}

/** The URL without its password, for logs. */
export function redactNatsUrl(url: string): string {
  return url.replace(/(\/\/[^:@/]+):[^@/]*@/g, "$1:***@");
}
