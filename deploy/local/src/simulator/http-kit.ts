/**
 * The little HTTP framework the simulator needs (node:http only, so the launcher spawns it without extra
 * dependencies): path-pattern routing, `{code, message}` errors, and the platform's list conventions.
 */

/** Thrown by a handler; answered as the platform's Error model with `code` equal to the HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new ApiError(404, `${what} not found`);
export const badRequest = (message: string) => new ApiError(400, message);

export interface Request {
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
}

/** JSON body, no body (204), raw bytes (the release file), or a redirect (a seeded release download). */
export type Reply =
  | { status: number; json: unknown }
  | { status: number; empty: true }
  | { status: number; bytes: Buffer; contentType: string }
  | { status: number; location: string };

export type Handler = (request: Request) => Reply;

export const json = (json: unknown, status = 200): Reply => ({ status, json });
export const noContent = (): Reply => ({ status: 204, empty: true });

interface Route {
  method: string;
  segments: string[];
  handler: Handler;
}

/** Routes match in registration order, so a literal segment (`pending`) is registered before `:updateId`. */
export class Router {
  private readonly routes: Route[] = [];

  add(method: string, pattern: string, handler: Handler): this {
    this.routes.push({ method, segments: pattern.split("/").filter(Boolean), handler });
    return this;
  }

  /** undefined when no route has this path; `null` when the path exists for another method. */
  match(
    method: string,
    path: string,
  ): { handler: Handler; params: Record<string, string> } | undefined | null {
    let raw: string[];
    try {
      raw = path.split("/").filter(Boolean).map(decodeURIComponent);
    } catch {
      return undefined;
    }
    let otherMethod = false;
    for (const route of this.routes) {
      const params = matchSegments(route.segments, raw);
      if (!params) continue;
      if (route.method === method) return { handler: route.handler, params };
      otherMethod = true;
    }
    return otherMethod ? null : undefined;
  }
}

function matchSegments(pattern: string[], path: string[]): Record<string, string> | undefined {
  if (pattern.length !== path.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, segment] of pattern.entries()) {
    const value = path[i]!;
    if (segment.startsWith(":")) params[segment.slice(1)] = value;
    else if (segment !== value) return undefined;
  }
  return params;
}

export type SortKey = string | number | boolean | (string | number)[] | undefined;

export interface ListSpec<T> {
  /** Allowed `orderBy` values and the key each sorts on; anything else is a 400. */
  orderBy: Record<string, (item: T) => SortKey>;
  defaultOrderBy: string;
  defaultDir: "asc" | "desc";
  /** Tie-breaker so pages are stable (`offset` then `limit` over one fixed order). */
  id: (item: T) => string;
}

export const MAX_LIMIT = 1000;

/**
 * `limit` (default 100, 0..1000), `offset` (default 0), `orderBy`/`orderDir` with the endpoint's defaults:
 * sorted, then offset, then limit, and returned as the bare array the platform sends.
 */
export function page<T>(items: readonly T[], query: URLSearchParams, spec: ListSpec<T>): T[] {
  const limit = intParam(query, "limit", 100, 0, MAX_LIMIT);
  const offset = intParam(query, "offset", 0, 0, Number.MAX_SAFE_INTEGER);
  const orderBy = query.get("orderBy") ?? spec.defaultOrderBy;
  const key = spec.orderBy[orderBy];
  if (!key) throw badRequest(`orderBy must be one of ${Object.keys(spec.orderBy).join(", ")}`);
  const dir = query.get("orderDir") ?? spec.defaultDir;
  if (dir !== "asc" && dir !== "desc") throw badRequest("orderDir must be asc or desc");
  const sign = dir === "asc" ? 1 : -1;
  const sorted = [...items].sort(
    (a, b) => sign * (compare(key(a), key(b)) || compare(spec.id(a), spec.id(b))),
  );
  return sorted.slice(offset, offset + limit);
}

/** Absent values sort first ascending, like SQL's NULLS FIRST on asc. */
export function compare(a: SortKey, b: SortKey): number {
  if (a === b) return 0;
  if (a === undefined) return -1;
  if (b === undefined) return 1;
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const c = compare(a[i], b[i]);
      if (c !== 0) return c;
    }
    return 0;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}

export function intParam(
  query: URLSearchParams,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = query.get(name);
  if (raw === null || raw === "") return fallback;
  const value = Number(raw);
  if (!/^-?\d+$/.test(raw) || value < min || value > max) {
    throw badRequest(`${name} must be an integer between ${min} and ${max}`);
  }
  return value;
}

export function optionalInt(query: URLSearchParams, name: string): number | undefined {
  if (query.get(name) === null) return undefined;
  return intParam(query, name, 0, -(2 ** 31), 2 ** 32);
}

export function boolParam(query: URLSearchParams, name: string, fallback: boolean): boolean {
  const raw = query.get(name);
  if (raw === null || raw === "") return fallback;
  if (raw === "true") return true;
  if (raw === "false") return false;
  throw badRequest(`${name} must be true or false`);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DEVICE_ID = /^[0-9a-f]{16}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

export function isDeviceId(value: unknown): value is string {
  return typeof value === "string" && DEVICE_ID.test(value);
}

/** A required uuid query parameter (`organisationId` on /board, /device): missing or malformed is 400. */
export function uuidParam(query: URLSearchParams, name: string): string {
  const raw = query.get(name);
  if (!isUuid(raw)) throw badRequest(`${name} is required and must be a UUID`);
  return raw.toLowerCase();
}

/** The `{deviceIds: [hex16]}` body of the batch query endpoints. */
export function deviceIdsBody(body: unknown): string[] {
  const ids = (body as { deviceIds?: unknown } | null)?.deviceIds;
  if (!Array.isArray(ids) || !ids.every(isDeviceId)) {
    throw badRequest("deviceIds must be an array of 16-hex-character device ids");
  }
  return ids.map((id) => id.toLowerCase());
}
