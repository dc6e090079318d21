import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import qs from "qs";
import { Deliveries, type DeliveryAttempt } from "./deliveries";
import { StripeApiError } from "./errors";
import { checkoutPage, redirectUrl } from "./hosted-page";
import { newId } from "./ids";
import { createdFilter, list, pageOf, typeFilter } from "./lists";
import { refundInput, sessionInput } from "./params";
import { type RequestInfo, StripeWorld } from "./world";

export interface StripeStandInOptions {
  /** 0 (the default) takes a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Where notifications go (the gateway's `/marketplace/webhooks/stripe`); unset: none are sent. */
  webhookUrl?: string;
  /** The endpoint's signing secret, `whsec_...` (settlements' `STRIPE_WEBHOOK_SECRET`). */
  webhookSecret?: string;
  /** When set, only this API key is accepted; otherwise any `sk_test_`/`rk_test_` key. */
  apiKey?: string;
  /** Delays before each retry of a notification the endpoint did not accept. */
  retryDelaysMs?: readonly number[];
}

export interface RunningStripeStandIn {
  /** Base URL, e.g. `http://127.0.0.1:12111`: the value of `STRIPE_API_BASE`. */
  url: string;
  world: StripeWorld;
  deliveries: Deliveries;
  stop(): Promise<void>;
}

type Reply =
  | { status: number; json: unknown; headers?: Record<string, string> }
  | { status: number; html: string }
  | { status: 303; location: string };

interface Call {
  params: Record<string, unknown>;
  match: RegExpExecArray;
  request: RequestInfo;
}

type Route = [method: string, path: RegExp, handler: (call: Call) => Reply, api: boolean];

const BODY_LIMIT = 256 * 1024;
const ok = (json: unknown): Reply => ({ status: 200, json });

/**
 * Starts the local Stripe stand-in: the part of Stripe's API the marketplace calls (checkout sessions,
 * payment intents, charges, refunds, events), its hosted checkout page, and notifications to a webhook
 * endpoint. Resolves once listening. See docs/stripe-stand-in.md.
 */
export async function startStripeStandIn(options: StripeStandInOptions = {}): Promise<RunningStripeStandIn> {
  let base = "";
  const deliveries = new Deliveries({
    endpoint: options.webhookUrl,
    secret: options.webhookSecret,
    retryDelaysMs: options.retryDelaysMs,
  });
  const world = new StripeWorld(
    (id) => `${base}/c/pay/${id}`,
    (event) => deliveries.add(event),
  );
  const idempotency = new Map<string, { fingerprint: string; reply: Reply }>();
  const routes = apiRoutes(world).concat(pageRoutes(world), controlRoutes(deliveries));

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      const failure = new StripeApiError(500, "api_error", `The stand-in failed: ${String(error)}`);
      if (!res.headersSent) send(res, { status: 500, json: failure.body() });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const method = req.method ?? "GET";
    if (method === "GET" && url.pathname === "/health") return send(res, ok({ health: "ok" }));
    const candidates = routes.filter(([, path]) => path.test(url.pathname));
    const route = candidates.find(([m]) => m === method);
    if (!route) {
      const error = new StripeApiError(
        404,
        "invalid_request_error",
        `Unrecognized request URL (${method}: ${url.pathname}).`,
      );
      return send(res, { status: 404, json: error.body() });
    }
    const [, path, handler, api] = route;
    try {
      if (api) authenticate(req, options.apiKey);
      const raw = method === "GET" ? url.search.slice(1) : await readBody(req);
      const params = parseParams(raw, req.headers["content-type"]);
      const idempotencyKey = method === "POST" && api ? header(req, "idempotency-key") : undefined;
      const request = { id: newId("req"), idempotencyKey: idempotencyKey ?? null };
      const call = { params, match: path.exec(url.pathname) as RegExpExecArray, request };
      if (!idempotencyKey) return send(res, handler(call));
      const fingerprint = `${url.pathname} ${JSON.stringify(params)}`;
      const earlier = idempotency.get(idempotencyKey);
      if (earlier) {
        if (earlier.fingerprint !== fingerprint)
          throw new StripeApiError(
            400,
            "idempotency_error",
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          );
        return send(res, withHeader(earlier.reply, "idempotent-replayed", "true"));
      }
      const reply = replyOf(() => handler(call));
      if (reply.status < 500) idempotency.set(idempotencyKey, { fingerprint, reply });
      send(res, reply);
    } catch (error) {
      send(
        res,
        replyOf(() => {
          throw error;
        }),
      );
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.address === "0.0.0.0" || address.address === "::" ? "127.0.0.1" : address.address;
  base = `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`;
  let stopping: Promise<void> | undefined;
  return {
    url: base,
    world,
    deliveries,
    stop: () => {
      stopping ??= new Promise<void>((resolve) => {
        deliveries.stop();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return stopping;
    },
  };
}

function apiRoutes(world: StripeWorld): Route[] {
  const id = (call: Call) => decodeURIComponent(call.match[1] ?? "");
  const route = (method: string, path: RegExp, handler: (call: Call) => Reply): Route => [
    method,
    path,
    handler,
    true,
  ];
  return [
    route("POST", /^\/v1\/checkout\/sessions$/, ({ params }) =>
      ok(world.createSession(sessionInput(params))),
    ),
    route("GET", /^\/v1\/checkout\/sessions\/([^/]+)$/, (call) => ok(world.session(id(call)))),
    route("GET", /^\/v1\/payment_intents\/([^/]+)$/, (call) =>
      ok(world.find("intents", "payment_intent", id(call))),
    ),
    route("GET", /^\/v1\/charges\/([^/]+)$/, (call) => ok(world.find("charges", "charge", id(call)))),
    route("POST", /^\/v1\/refunds$/, ({ params, request }) =>
      ok(world.createRefund(refundInput(params), request)),
    ),
    route("GET", /^\/v1\/refunds\/([^/]+)$/, (call) => ok(world.find("refunds", "refund", id(call)))),
    route("GET", /^\/v1\/events\/([^/]+)$/, (call) => {
      const event = world.events.find((e) => e.id === id(call));
      if (!event)
        throw new StripeApiError(
          404,
          "invalid_request_error",
          `No such event: '${id(call)}'`,
          "resource_missing",
          "id",
        );
      return ok(event);
    }),
    route("GET", /^\/v1\/events$/, ({ params }) => {
      const created = createdFilter(params.created);
      const type = typeFilter(params);
      const matching = world.events
        .filter((e) => created(e.created as number) && type(e.type as string))
        .reverse();
      const { data, hasMore } = pageOf(matching, params);
      return ok(list("/v1/events", data, hasMore));
    }),
  ];
}

/** The hosted checkout page and its two buttons; no API key (the buyer's browser calls them). */
function pageRoutes(world: StripeWorld): Route[] {
  const session = (call: Call) => world.session(decodeURIComponent(call.match[1] ?? ""));
  return [
    [
      "GET",
      /^\/c\/pay\/([^/]+)$/,
      (call) => {
        const s = session(call);
        return { status: 200, html: checkoutPage(s, world.itemName(s.id)) };
      },
      false,
    ],
    [
      "POST",
      /^\/c\/pay\/([^/]+)\/pay$/,
      (call) => {
        const paid = world.pay(session(call).id);
        return { status: 303, location: redirectUrl(paid.success_url as string, paid.id) };
      },
      false,
    ],
    [
      "POST",
      /^\/c\/pay\/([^/]+)\/decline$/,
      (call) => {
        const declined = world.decline(session(call).id);
        const back = (declined.cancel_url as string | null) ?? `/c/pay/${declined.id}`;
        return { status: 303, location: redirectUrl(back, declined.id) };
      },
      false,
    ],
  ];
}

/** `/_control/...`: tests switch notifications off and on and read what was sent. */
function controlRoutes(deliveries: Deliveries): Route[] {
  const state = (): { enabled: boolean; attempts: DeliveryAttempt[] } => ({
    enabled: deliveries.enabled,
    attempts: deliveries.attempts,
  });
  return [
    ["GET", /^\/_control\/deliveries$/, () => ok(state()), false],
    [
      "POST",
      /^\/_control\/deliveries$/,
      ({ params }) => {
        if (typeof params.enabled !== "boolean")
          throw new StripeApiError(
            400,
            "invalid_request_error",
            "enabled must be true or false",
            "parameter_invalid_boolean",
            "enabled",
          );
        deliveries.enabled = params.enabled;
        return ok(state());
      },
      false,
    ],
  ];
}

/** `Authorization: Bearer sk_test_...` (or `rk_test_`); the SDK sends it on every call. */
function authenticate(req: IncomingMessage, apiKey: string | undefined): void {
  const key = /^Bearer (\S+)$/.exec(req.headers.authorization ?? "")?.[1];
  if (!key)
    throw new StripeApiError(
      401,
      "invalid_request_error",
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    );
  if (!/^(sk|rk)_test_/.test(key) || (apiKey !== undefined && key !== apiKey))
    throw new StripeApiError(
      401,
      "invalid_request_error",
      `Invalid API Key provided: ${key.slice(0, 8)}${"*".repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`,
    );
}

/** Form-encoded (what the SDK sends, `a[b][0]=c`) or JSON (the control routes). */
function parseParams(raw: string, contentType: string | undefined): Record<string, unknown> {
  if (raw === "") return {};
  if (contentType?.startsWith("application/json")) {
    try {
      const parsed = JSON.parse(raw) as unknown;
      return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : {};
    } catch {
      throw new StripeApiError(400, "invalid_request_error", "The request body is not valid JSON.");
    }
  }
  return qs.parse(raw, { depth: 10, arrayLimit: 100, parameterLimit: 1000 }) as Record<string, unknown>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > BODY_LIMIT) throw new StripeApiError(413, "invalid_request_error", "Request body too large.");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === "string" && value !== "" ? value : undefined;
}

function replyOf(run: () => Reply): Reply {
  try {
    return run();
  } catch (error) {
    if (error instanceof StripeApiError) return { status: error.status, json: error.body() };
    throw error;
  }
}

function withHeader(reply: Reply, name: string, value: string): Reply {
  return "json" in reply ? { ...reply, headers: { ...reply.headers, [name]: value } } : reply;
}

function send(res: ServerResponse, reply: Reply): void {
  if (res.destroyed) return;
  const requestId = { "request-id": newId("req"), "stripe-version": "2025-08-27.basil" };
  if ("location" in reply) {
    res.writeHead(reply.status, { location: reply.location }).end();
  } else if ("html" in reply) {
    res.writeHead(reply.status, { "content-type": "text/html; charset=utf-8" }).end(reply.html);
  } else {
    res
      .writeHead(reply.status, { "content-type": "application/json", ...requestId, ...reply.headers })
      .end(JSON.stringify(reply.json, null, 2));
  }
}
