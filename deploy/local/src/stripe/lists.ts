import { invalidParam, StripeApiError } from "./errors";
import type { StripeObject } from "./objects";

type Params = Record<string, unknown>;

/** Stripe's list envelope. */
export function list(url: string, data: StripeObject[], hasMore: boolean) {
  return { object: "list", data, has_more: hasMore, url };
}

/** `limit`: 1 to 100, default 10, as Stripe's lists take it. */
export function limitOf(params: Params): number {
  if (params.limit === undefined) return 10;
  const limit = Number(params.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    throw invalidParam("limit", "Invalid integer: limit must be between 1 and 100");
  return limit;
}

function unixParam(value: unknown, param: string): number {
  const number = Number(value);
  if (typeof value !== "string" || !/^\d+$/.test(value))
    throw invalidParam(param, `Invalid integer: ${String(value)}`);
  return number;
}

/** `created=N` or `created[gt|gte|lt|lte]=N` as a predicate over unix seconds. */
export function createdFilter(created: unknown): (at: number) => boolean {
  if (created === undefined) return () => true;
  if (typeof created === "string") {
    const exactly = unixParam(created, "created");
    return (at) => at === exactly;
  }
  if (typeof created !== "object" || created === null)
    throw invalidParam("created", "Invalid created filter");
  const bounds = created as Record<string, unknown>;
  const tests: ((at: number) => boolean)[] = [];
  for (const [op, raw] of Object.entries(bounds)) {
    const value = unixParam(raw, `created[${op}]`);
    if (op === "gt") tests.push((at) => at > value);
    else if (op === "gte") tests.push((at) => at >= value);
    else if (op === "lt") tests.push((at) => at < value);
    else if (op === "lte") tests.push((at) => at <= value);
    else
      throw new StripeApiError(
        400,
        "invalid_request_error",
        `Received unknown parameter: created[${op}]`,
        "parameter_unknown",
        `created[${op}]`,
      );
  }
  return (at) => tests.every((test) => test(at));
}

/** `types[]` (up to 20) or `type` (`*` wildcards, as `charge.*`): which event types to list. */
export function typeFilter(params: Params): (type: string) => boolean {
  if (params.type !== undefined && params.types !== undefined)
    throw new StripeApiError(
      400,
      "invalid_request_error",
      "You may only specify one of these parameters: type, types.",
      "parameter_invalid_string",
    );
  if (params.types !== undefined) {
    const types = Array.isArray(params.types) ? params.types : Object.values(params.types as object);
    if (types.length > 20 || !types.every((t) => typeof t === "string"))
      throw invalidParam("types", "types must be an array of up to 20 event types");
    const wanted = new Set(types as string[]);
    return (type) => wanted.has(type);
  }
  if (typeof params.type === "string") {
    const pattern = new RegExp(`^${params.type.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}$`);
    return (type) => pattern.test(type);
  }
  return () => true;
}

/**
 * One page of a list, newest first as Stripe lists: after the `starting_after` object (older ones) or
 * before the `ending_before` one (newer ones), `limit` of them, and whether more follow.
 */
export function pageOf(
  newestFirst: StripeObject[],
  params: Params,
): { data: StripeObject[]; hasMore: boolean } {
  const limit = limitOf(params);
  const cursor = (name: "starting_after" | "ending_before") => {
    const id = params[name];
    if (id === undefined) return undefined;
    const at = newestFirst.findIndex((object) => object.id === id);
    if (at < 0) throw invalidParam(name, `No such object: '${String(id)}'`);
    return at;
  };
  const after = cursor("starting_after");
  const before = cursor("ending_before");
  if (before !== undefined) {
    const start = Math.max(0, before - limit);
    return { data: newestFirst.slice(start, before), hasMore: start > 0 };
  }
  const start = after === undefined ? 0 : after + 1;
  return { data: newestFirst.slice(start, start + limit), hasMore: start + limit < newestFirst.length };
}
