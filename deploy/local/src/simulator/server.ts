import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { registerCatalogueRoutes } from "./catalogue.routes";
import { type ControlState, controlRouter, type Outage } from "./control.routes";
import { demoSeed } from "./demo-seed";
import { registerDeviceRoutes } from "./device.routes";
import { withFleet } from "./fleet";
import { ApiError, json, type Reply, Router } from "./http-kit";
import { RequestLimit } from "./rate-limit";
import { registerRpcRoutes } from "./rpc.routes";
import type { Seed } from "./seed";
import { registerUpdateRoutes } from "./update.routes";
import { World } from "./world";

export interface SimulatorOptions {
  /** 0 (the default) takes a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default `demoSeed()`. Copied: the simulator never mutates it. */
  seed?: Seed;
  /** When set, only this key is accepted (in either header form); any other is 401. */
  apiKey?: string;
  /** Clock step moving pending updates on (waiting -> sent -> completed); default 3000, 0 = only by control. */
  tickMs?: number;
  /** The unauthenticated `/__simulator/*` routes; default true. */
  controlEnabled?: boolean;
  /** Fleet devices added to the seed (SIMULATOR_DEVICES; see fleet.ts); default 0. */
  devices?: number;
  /** Boards (ids or names) the fleet is dealt over; default every board of the seed. */
  deviceBoards?: readonly string[];
  /** Share of installs that fail (0..1, SIMULATOR_INSTALL_FAILURE_RATE); default 0. */
  installFailureRate?: number;
  /** Seed of the failure draw (SIMULATOR_SEED): the same seed gives the same outcomes; default "infuse". */
  randomSeed?: string;
  /** Requests per second before it answers 429 with Retry-After (SIMULATOR_MAX_RPS); default 0 = no limit. */
  maxRps?: number;
  /** The request limit's clock (milliseconds); default `performance.now`. Tests freeze it. */
  limitClock?: () => number;
}

export interface RunningSimulator {
  /** Base URL, e.g. `http://127.0.0.1:41234` (no trailing slash), like `https://api.infuse-iot.com`. */
  url: string;
  stop(): Promise<void>;
  /** The seed in use, fleet included. */
  seed: Seed;
  /** The request limit and its counts (also at `GET /__simulator/stats`). */
  limit: RequestLimit;
}

const BODY_LIMIT = 1024 * 1024;

/**
 * Starts the Infuse-IoT simulator: the platform's REST paths, shapes, status codes and auth headers over
 * an in-memory world built from `seed`, plus the control routes. Resolves once it is listening.
 */
export async function startSimulator(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  const seed = withFleet(options.seed ?? demoSeed(), options.devices ?? 0, options.deviceBoards);
  const tickMs = options.tickMs ?? 3000;
  const installFailureRate = options.installFailureRate ?? 0;
  if (!(installFailureRate >= 0 && installFailureRate <= 1))
    throw new Error(`installFailureRate must be between 0 and 1, got ${installFailureRate}`);
  const failures = { installFailureRate, randomSeed: options.randomSeed ?? "infuse" };
  const newWorld = () => new World(seed, undefined, failures);
  let world = newWorld();
  const outage: Outage = { status: 0, delayMs: 0 };
  const limit = new RequestLimit(options.maxRps ?? 0, options.limitClock);
  const control: ControlState = {
    world: () => world,
    outage,
    limit,
    tick: () => world.tick(),
    reset: () => {
      world = newWorld();
      outage.status = 0;
      outage.delayMs = 0;
      limit.setMaxRps(options.maxRps ?? 0);
      limit.resetCounts();
    },
  };
  const api = new Router().add("GET", "/health", () => json({ health: "ok" }));
  registerCatalogueRoutes(api, () => world);
  registerDeviceRoutes(api, () => world);
  registerUpdateRoutes(api, () => world);
  registerRpcRoutes(api, () => world);
  const controls = options.controlEnabled === false ? undefined : controlRouter(control);
  const delays = new Delays();
  const handle = requestHandler({ api, controls, outage, limit, apiKey: options.apiKey, delays });
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, json({ code: 500, message: String(error) }, 500));
    });
  });

  const tick = tickMs > 0 ? setInterval(() => world.tick(), tickMs) : undefined;
  tick?.unref();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  const dialHost = host === "0.0.0.0" ? "127.0.0.1" : host === "[::]" ? "[::1]" : host;
  let stopping: Promise<void> | undefined;
  return {
    url: `http://${dialHost}:${address.port}`,
    seed,
    limit,
    stop: () => {
      stopping ??= new Promise<void>((resolve) => {
        if (tick) clearInterval(tick);
        delays.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return stopping;
    },
  };
}

/** Outage delays, cleared on stop so a hanging request does not hold the process. */
class Delays {
  private readonly timers = new Set<NodeJS.Timeout>();

  sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.add(timer);
    });
  }

  clear(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}

/**
 * Control routes first (never affected by an outage or the limit, never authenticated), then the request
 * limit (all but /health: 429 with Retry-After), then the outage, then authentication (all but /health),
 * then the platform's routes.
 */
function requestHandler(deps: {
  api: Router;
  controls: Router | undefined;
  outage: Outage;
  limit: RequestLimit;
  apiKey: string | undefined;
  delays: Delays;
}): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const { api, controls, outage } = deps;
  return async (req, res) => {
    const url = new URL(req.url ?? "/", "http://simulator");
    const method = req.method ?? "GET";
    if (url.pathname.startsWith("/__simulator/")) {
      if (!controls) return send(res, errorReply(new ApiError(404, "control routes are disabled")));
      return send(res, await dispatch(controls, method, url, req));
    }
    if (url.pathname !== "/health") {
      const retryAfter = deps.limit.take();
      if (retryAfter !== undefined) {
        res.writeHead(429, {
          "content-type": "application/json; charset=utf-8",
          "retry-after": String(retryAfter),
        });
        return void res.end(JSON.stringify({ code: 429, message: "rate limit exceeded" }));
      }
    }
    if (outage.delayMs > 0) await deps.delays.sleep(outage.delayMs);
    if (outage.status !== 0) {
      return send(res, json({ code: outage.status, message: "simulated outage" }, outage.status));
    }
    if (url.pathname !== "/health") {
      const denied = authenticate(req, deps.apiKey);
      if (denied) return send(res, errorReply(denied));
    }
    send(res, await dispatch(api, method, url, req));
  };
}

/**
 * The two header forms the official tools send: `x-api-key: Bearer <key>` (older tools, JWTs) and
 * `Authorization: ApiKey ik_<...>` (platform API keys). Neither, or a key other than the configured one,
 * is 401: the simulator has no per-resource permissions, so it never answers 403.
 */
export function authenticate(req: IncomingMessage, apiKey: string | undefined): ApiError | undefined {
  const xApiKey = req.headers["x-api-key"];
  const authorization = req.headers.authorization;
  const fromXApiKey = typeof xApiKey === "string" ? /^Bearer (\S+)$/.exec(xApiKey)?.[1] : undefined;
  const fromAuthorization = authorization ? /^ApiKey (ik_\S+)$/.exec(authorization)?.[1] : undefined;
  const key = fromAuthorization ?? fromXApiKey;
  if (key === undefined) {
    return new ApiError(
      401,
      "missing credentials: send x-api-key: Bearer <key> or Authorization: ApiKey ik_<key>",
    );
  }
  if (apiKey !== undefined && key !== apiKey) return new ApiError(401, "API key not recognised");
  return undefined;
}

async function dispatch(router: Router, method: string, url: URL, req: IncomingMessage): Promise<Reply> {
  try {
    const match = router.match(method, url.pathname);
    if (match === undefined) throw new ApiError(404, `no route ${url.pathname}`);
    if (match === null) throw new ApiError(405, `${method} is not allowed on ${url.pathname}`);
    const body = method === "GET" || method === "DELETE" ? undefined : await readJson(req);
    return match.handler({ params: match.params, query: url.searchParams, body });
  } catch (error) {
    if (error instanceof ApiError) return errorReply(error);
    throw error;
  }
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > BODY_LIMIT) throw new ApiError(413, "request body too large");
    chunks.push(chunk as Buffer);
  }
  if (size === 0) return undefined;
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new ApiError(400, "request body is not valid JSON");
  }
}

function errorReply(error: ApiError): Reply {
  return json({ code: error.status, message: error.message }, error.status);
}

function send(res: ServerResponse, reply: Reply): void {
  if (res.destroyed) return;
  if ("empty" in reply) {
    res.writeHead(reply.status).end();
  } else if ("location" in reply) {
    res.writeHead(reply.status, { location: reply.location }).end();
  } else if ("bytes" in reply) {
    res.writeHead(reply.status, { "content-type": reply.contentType, "content-length": reply.bytes.length });
    res.end(reply.bytes);
  } else {
    const body = JSON.stringify(reply.json);
    res.writeHead(reply.status, { "content-type": "application/json; charset=utf-8" });
    res.end(body);
  }
}
