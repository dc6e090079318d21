import { readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "@mp/local/paths";
import { describe, expect, it } from "vitest";
import {
  ingressConf,
  ONCE_PER_REQUEST_ID_PATHS,
  PAYMENT_NOTIFICATION_PATHS,
  REPEATABLE_POST_PATHS,
  REPEATABLE_POST_PREFIXES,
} from "./nginx-conf";

/** The gateway's OpenAPI document, as generated (`pnpm openapi:write`). */
const apiDocument = () => JSON.parse(readFileSync(join(REPO_ROOT, "gateway/openapi.json"), "utf8"));

/** The body of the first `name { ... }` block (no nested blocks inside the ones asked for here). */
const block = (conf: string, name: string) => {
  const start = conf.indexOf(`${name} {`);
  expect(start, name).toBeGreaterThanOrEqual(0);
  return conf.slice(start, conf.indexOf("}", start) + 1);
};

describe("the ingress's nginx configuration", () => {
  const conf = ingressConf();

  it("listens where every client of the rehearsal goes and balances over both gateways", () => {
    expect(conf).toMatch(/^\s+listen 127\.0\.0\.1:8080;$/m);
    expect(block(conf, "upstream gateways")).toMatch(
      /server 127\.0\.0\.1:8081 max_fails=1 fail_timeout=2s;\s+server 127\.0\.0\.1:8082 max_fails=1 fail_timeout=2s;\s+keepalive 64;/,
    );
    expect(conf).toContain("proxy_pass http://gateways;");
    // keep-alive to the upstreams needs HTTP/1.1 and no `Connection: close` passed on
    expect(conf).toContain("proxy_http_version 1.1;");
    expect(conf).toContain('proxy_set_header Connection "";');
  });

  it("repeats a request only when its gateway's connection failed, as ingress-nginx, never a POST", () => {
    const location = block(conf, "location /");
    expect(location).toMatch(/^\s+proxy_next_upstream error timeout;$/m);
    expect(location).toMatch(/^\s+proxy_next_upstream_tries 3;$/m);
    expect(location).not.toContain("non_idempotent");
    // a gateway's own 5xx answer is never sent again, on any path
    expect(conf).not.toMatch(/proxy_next_upstream .*http_/);
  });

  it("repeats the payment notification, creation and install POSTs on the other gateway, and only those", () => {
    expect(PAYMENT_NOTIFICATION_PATHS).toEqual([
      "/marketplace/webhooks/stripe",
      "/marketplace/webhooks/payments",
    ]);
    // idempotent by Stripe's event id, and the instance, rollout and webhook endpoint creations by request
    // id (X-Request-Id, set per request)
    expect(REPEATABLE_POST_PATHS).toEqual([
      ...PAYMENT_NOTIFICATION_PATHS,
      "/marketplace/instances",
      "/marketplace/providers/rollouts",
      "/marketplace/webhook-endpoints",
    ]);
    expect(REPEATABLE_POST_PREFIXES).toEqual(["/marketplace/providers/devices/"]);
    const repeating = [...conf.matchAll(/^\s+location (.+) \{$/gm)]
      .map((m) => m[1]!)
      .filter((match) => block(conf, `location ${match}`).includes("non_idempotent"));
    expect(repeating).toEqual([
      ...REPEATABLE_POST_PATHS.map((path) => `= ${path}`),
      ...REPEATABLE_POST_PREFIXES,
    ]);
    const general = block(conf, "location /");
    for (const match of repeating) {
      const location = block(conf, `location ${match}`);
      expect(location).toMatch(/^\s+proxy_next_upstream error timeout non_idempotent;$/m);
      // everything else as the general location: same upstreams, headers, tries and timeouts
      const rest = (text: string) =>
        text.slice(text.indexOf("{")).replace(/^\s+proxy_next_upstream .*$/m, "");
      expect(rest(location)).toBe(rest(general));
    }
  });

  it("repeats exactly the creations the API document says are done once per request id, with no id in their path", () => {
    const document = apiDocument();
    const once = Object.entries(
      document.paths as Record<string, { post?: { responses?: Record<string, unknown> } }>,
    )
      .filter(([, item]) => JSON.stringify(item.post?.responses?.["409"] ?? {}).includes("request-id-reused"))
      .map(([path]) => path);
    // Paths with an id are left to clients (ONCE_PER_REQUEST_ID_PATHS says why): today only the listing's.
    expect(once.filter((path) => path.includes("{"))).toEqual([
      "/marketplace/providers/listings/{marketplaceItemId}",
    ]);
    expect([...ONCE_PER_REQUEST_ID_PATHS].sort()).toEqual(once.filter((path) => !path.includes("{")).sort());
  });

  it("covers no POST or PATCH under a repeatable prefix but the installs, which join one in flight", () => {
    const document = apiDocument();
    const unsafe = Object.entries(document.paths as Record<string, Record<string, { operationId: string }>>)
      .filter(([path]) => REPEATABLE_POST_PREFIXES.some((prefix) => path.startsWith(prefix)))
      .flatMap(([, item]) => ["post", "patch"].flatMap((method) => item[method]?.operationId ?? []));
    expect(unsafe).toEqual(["installPurchase"]);
  });

  it("streams responses (the rollouts' server-sent events) and passes the client's address and request id", () => {
    const location = block(conf, "location /");
    expect(location).toContain("proxy_buffering off;");
    expect(location).toContain("proxy_set_header X-Forwarded-For $remote_addr;");
    expect(location).toContain("proxy_set_header X-Request-Id $req_id;");
    expect(block(conf, "map $http_x_request_id $req_id")).toMatch(
      /default \$http_x_request_id;\s+"" \$request_id;/,
    );
  });

  it("writes only under /tmp (the root filesystem is read-only) and lets a 1 MiB gateway body through", () => {
    expect(conf).toMatch(/^pid \/tmp\/nginx\.pid;$/m);
    const temps = [...conf.matchAll(/^\s+(\w+_temp_path) (\S+);$/gm)];
    expect(temps.map((m) => m[1]).sort()).toEqual([
      "client_body_temp_path",
      "fastcgi_temp_path",
      "proxy_temp_path",
      "scgi_temp_path",
      "uwsgi_temp_path",
    ]);
    for (const [, , path] of temps) expect(path).toMatch(/^\/tmp\//);
    expect(conf).toMatch(/^\s+client_max_body_size 20m;$/m);
    expect(conf).toMatch(/^error_log \/dev\/stderr warn;$/m);
  });
});
