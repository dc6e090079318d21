import type { Principal } from "@mp/contracts";
import { AppError, type ErrorCode } from "@mp/errors";
import type { CancelScope, OutgoingContext } from "@mp/grpc";
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import type { RouteAccess } from "../plugins/authentication.plugin";
import { inRequestTrace } from "../plugins/request-context.plugin";
import type { ZodApp } from "../zod-app";
import { ProblemDetails } from "./common.schemas";

export type { ZodApp };

/** Which error responses a route documents, beyond 429 and 503 which every route can answer. */
export interface ErrorSpec {
  /** No credential needed (webhooks): no 401 or 403. */
  public?: boolean;
  /** Reads a JSON body: 413 and 415. */
  body?: boolean;
  /** Addresses a resource by id: 404. */
  notFound?: boolean;
  /** The contract's 409 codes this route can answer. */
  conflicts?: ErrorCode[];
  /** Not built yet: 501 after authentication and role checks. */
  pending?: boolean;
  /** Extra 400 codes besides `validation-failed` (the webhook's `invalid-signature`). */
  badRequestCodes?: ErrorCode[];
}

const problem = (description: string) => ProblemDetails.describe(description);

type ErrorResponses = {
  400?: typeof ProblemDetails;
  401?: typeof ProblemDetails;
  403?: typeof ProblemDetails;
  404?: typeof ProblemDetails;
  409?: typeof ProblemDetails;
  413?: typeof ProblemDetails;
  415?: typeof ProblemDetails;
  429: typeof ProblemDetails;
  501?: typeof ProblemDetails;
  503: typeof ProblemDetails;
};

/**
 * A route's response map: its success schema plus the problem responses it can answer, so the OpenAPI
 * document lists every error a client must handle (the transform files them as application/problem+json).
 */
export function responses<const S extends Record<number, z.ZodType>>(
  success: S,
  spec: ErrorSpec = {},
): S & ErrorResponses {
  const errors: ErrorResponses = {
    429: problem(
      "The organisation's request budget is spent (`rate-limited`); retry after `Retry-After` seconds.",
    ),
    503: problem("A dependency is unavailable (`upstream-unavailable`); retry after `Retry-After` seconds."),
  };
  const codes = ["validation-failed", ...(spec.badRequestCodes ?? [])].map((c) => `\`${c}\``).join(", ");
  errors[400] = problem(`The path, query or body is not valid (${codes}).`);
  if (!spec.public) {
    errors[401] = problem(
      "No credential, or a bad, expired or revoked one (`unauthenticated`); sent with `WWW-Authenticate: Bearer`.",
    );
    errors[403] = problem("The credential lacks the role or the scope this route needs (`forbidden`).");
  }
  if (spec.notFound) {
    errors[404] = problem("The resource does not exist or belongs to another organisation (`not-found`).");
  }
  if (spec.conflicts?.length) {
    errors[409] = problem(
      `The resource's state forbids this: ${spec.conflicts.map((c) => `\`${c}\``).join(", ")}.`,
    );
  }
  if (spec.body) {
    errors[413] = problem("The body is larger than 1 MiB (`payload-too-large`).");
    errors[415] = problem("The body is not `application/json` (`unsupported-media-type`).");
  }
  if (spec.pending) {
    errors[501] = problem(
      "Specified but not built yet (`not-implemented`); credentials and roles are still checked.",
    );
  }
  return { ...success, ...errors };
}

/** Handler of a specified route that is not built yet: 501, after authentication and role checks. */
export async function notImplemented(): Promise<never> {
  throw new AppError("not-implemented", "This route is specified but not built yet.");
}

/**
 * Call an upstream service for a request: runs inside the request's trace (so the call carries its
 * `traceparent`) with the caller (whom the client states in an assertion it signs for that service), the
 * request id, and the request's calls, cancelled when the client leaves.
 */
export function callUpstream<T>(
  request: FastifyRequest,
  call: (ctx: OutgoingContext) => Promise<T>,
): Promise<T> {
  return inRequestTrace(request, () => call(new RequestCallContext(request)));
}

/**
 * A request's upstream call context. A class, not an object literal with a `get signal()`: V8 kept such a
 * literal whose getter is a fresh closure, and through it the request, alive through young-generation
 * collections until the next full one (docs/benchmarks.md, eleventh stop). A class's getter lives once,
 * on its prototype.
 */
class RequestCallContext implements OutgoingContext {
  readonly principal: Principal | undefined;
  readonly requestId: string;
  readonly cancelScope: CancelScope;

  constructor(private readonly request: FastifyRequest) {
    this.principal = request.principal;
    this.requestId = request.id;
    this.cancelScope = request.upstreamCalls;
  }

  /** For callers that take a signal rather than a scope (made only when read). */
  get signal(): AbortSignal {
    return this.request.abortSignal;
  }
}

/**
 * Options of a built route: its access rule and its documentation (`tags` shared by an area), with the
 * route's schemas (`params`, `querystring`, `body`, `response`) spread into the schema.
 */
export function routeOptions(access: RouteAccess, tags: string[]) {
  return <const S extends object>(operationId: string, summary: string, description: string, schema: S) => ({
    config: { access },
    schema: { operationId, tags, summary, description, ...schema },
  });
}

/** A specified route that is not built yet: fully documented, authenticated and role-checked, then 501. */
export interface PendingRoute {
  method: "GET" | "POST" | "PUT" | "DELETE";
  url: string;
  access: RouteAccess;
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  response: { [status: number]: z.ZodType | undefined };
  /** Media types of a non-JSON success (statement exports). */
  produces?: string[];
}

export function declarePending(app: ZodApp, route: PendingRoute): void {
  const { method, url, access, ...schema } = route;
  app.route({
    method,
    url,
    config: { access },
    schema: Object.fromEntries(Object.entries(schema).filter(([, value]) => value !== undefined)),
    handler: notImplemented,
  });
}
