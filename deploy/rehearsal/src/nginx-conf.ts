import { GATEWAY_PORT, gatewayPort, HOST, REPLICAS } from "./topology";

/**
 * The body size the ingress lets through. The gateway's own limit is 1 MiB (BODY_LIMIT_BYTES; icons and
 * images go to the object store's upload address, not through the gateway), so the gateway, not the
 * ingress, answers an oversized body with its 413 problem.
 */
export const INGRESS_MAX_BODY = "20m";

/**
 * The payment notification paths (contract section 5: `/marketplace/webhooks/payments` is the same endpoint
 * as `/marketplace/webhooks/stripe`). Settlements stores a notification with `ON CONFLICT (id) DO NOTHING`
 * on Stripe's event id, in the statement that announces it, and processes each stored event once, so a
 * notification sent twice is a no-op 204: the ingress may repeat these POSTs on the other gateway.
 */
export const PAYMENT_NOTIFICATION_PATHS = [
  "/marketplace/webhooks/stripe",
  "/marketplace/webhooks/payments",
] as const;

/**
 * Creations done once per request id (docs/api.md, "Repeating a creation"): the catalogue keeps the
 * `X-Request-Id` an instance was created under, purchases a rollout's and webhooks an endpoint's, and the
 * ingress resends the same request with the same header (`$req_id` is fixed for the request), so a repeat
 * answers what the first one made. Only those with no id in their path: the listing creation
 * (`/marketplace/providers/listings/{marketplaceItemId}`) is done once per request id too, but the
 * Kubernetes Ingress can name that one path only through ingress-nginx's regex paths, which turn every
 * path of the host into a regex, and a prefix would also repeat its siblings (a listing's visibility and
 * checkout sessions). Clients repeat it under the same id instead (the SDK does).
 */
export const ONCE_PER_REQUEST_ID_PATHS = [
  "/marketplace/instances",
  "/marketplace/providers/rollouts",
  "/marketplace/webhook-endpoints",
] as const;

/** Every POST the ingress may send again to the other gateway: a repeat is a no-op on each. */
export const REPEATABLE_POST_PATHS = [...PAYMENT_NOTIFICATION_PATHS, ...ONCE_PER_REQUEST_ID_PATHS] as const;

/**
 * Path prefixes whose POSTs may be sent again, for routes with ids in their path. Under the devices prefix
 * the one POST is an install (`.../purchases/{marketplaceItemId}/install`): the purchases service answers
 * an install of the same device, item and version that is still in flight with that install (one row, one
 * platform update, docs/api.md), so a repeat sent while the first is running joins it. The prefix's other
 * routes are GETs, repeated everywhere anyway. nginx's longest matching prefix wins over `/`.
 */
export const REPEATABLE_POST_PREFIXES = ["/marketplace/providers/devices/"] as const;

/**
 * The rehearsal's ingress: nginx in front of the two gateway replicas with ingress-nginx's defaults for a
 * plain Ingress such as deploy/k8s/base/gateway.yaml's. `proxy_next_upstream error timeout` with 3 tries
 * repeats a request on the other gateway when its connection failed (a killed pod), and nginx never repeats a
 * non-idempotent request (POST, PATCH) unless `non_idempotent` is listed. It is listed only for the paths
 * whose POSTs are idempotent (`REPEATABLE_POST_PATHS`: the payment notifications, by event id; instance,
 * rollout and webhook endpoint creations, by request id; `REPEATABLE_POST_PREFIXES`: installs, joined while
 * in flight), as the manifests' Ingress `gateway-repeatable-posts` does. No `http_502`/`http_503` anywhere: a
 * gateway's own 503 (with Retry-After: settlements unavailable or shedding load) would only be sent again
 * into the same settlements, doubling the work when it is already short, and would count against that
 * gateway's `max_fails`, leaving it out for all traffic; Stripe sends the notification again on its own
 * schedule. A gateway that failed once is left out for 2 s. Keep-alive to the upstreams, buffering off so the
 * rollouts' server-sent events arrive as sent. Everything nginx writes goes under /tmp (a tmpfs): the
 * container's root filesystem is read-only. The gateway takes its request id from X-Request-Id.
 */
/** One proxied location; only what counts as a failure worth repeating on the other gateway differs. */
const location = (match: string, nextUpstream: string) => `    location ${match} {
      proxy_pass http://gateways;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $req_id;
      proxy_next_upstream ${nextUpstream};
      proxy_next_upstream_tries 3;
      proxy_connect_timeout 5s;
      proxy_read_timeout 60s;
      proxy_send_timeout 60s;
      proxy_buffering off;
    }`;

export function ingressConf(): string {
  const servers = REPLICAS.map(
    (replica) => `    server ${HOST}:${gatewayPort(replica)} max_fails=1 fail_timeout=2s;`,
  ).join("\n");
  return `worker_processes 1;
pid /tmp/nginx.pid;
error_log /dev/stderr warn;

events {
  worker_connections 4096;
}

http {
  access_log off;
  client_body_temp_path /tmp/client_body;
  proxy_temp_path /tmp/proxy;
  fastcgi_temp_path /tmp/fastcgi;
  uwsgi_temp_path /tmp/uwsgi;
  scgi_temp_path /tmp/scgi;
  client_max_body_size ${INGRESS_MAX_BODY};

  # As ingress-nginx: the client's X-Request-Id passes through, a request without one gets nginx's own.
  map $http_x_request_id $req_id {
    default $http_x_request_id;
    "" $request_id;
  }

  upstream gateways {
${servers}
    keepalive 64;
  }

  server {
    listen ${HOST}:${GATEWAY_PORT};

${location("/", "error timeout")}
${REPEATABLE_POST_PATHS.map((path) => location(`= ${path}`, "error timeout non_idempotent")).join("\n")}
${REPEATABLE_POST_PREFIXES.map((prefix) => location(prefix, "error timeout non_idempotent")).join("\n")}
  }
}
`;
}
