import { randomUUID } from "node:crypto";
import {
  AppError,
  type FieldErrors,
  isAppError,
  PROBLEM_CONTENT_TYPE,
  toProblem,
  unavailableDependency,
  ValidationError,
} from "@mp/errors";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import {
  hasZodFastifySchemaValidationErrors,
  type ZodFastifySchemaValidationError,
} from "fastify-type-provider-zod";
import type { ZodApp } from "../zod-app";
import { adoptRequestContext } from "./request-context.plugin";

/** Fastify's request parts, named as the contract's field paths name them (`query.pageSize`). */
const PART_NAMES: Record<string, string> = {
  body: "body",
  querystring: "query",
  params: "path",
  headers: "header",
};

/** Turn zod issues into the contract's `errors` map; an unknown body field is reported under its name. */
export function fieldErrors(validation: ZodFastifySchemaValidationError[], context?: string): FieldErrors {
  const part = PART_NAMES[context ?? ""] ?? context ?? "request";
  const errors: FieldErrors = {};
  const add = (segments: string[], message: string) => {
    const key = [part, ...segments].join(".");
    errors[key] = [...(errors[key] ?? []), message];
  };
  for (const issue of validation) {
    const segments = issue.instancePath.split("/").filter((s) => s.length > 0);
    const keys = issue.params.keys;
    if (issue.keyword === "unrecognized_keys" && Array.isArray(keys)) {
      for (const key of keys) add([...segments, String(key)], "Unknown field.");
    } else {
      add(segments, issue.message ?? "Invalid value.");
    }
  }
  return errors;
}

const FASTIFY_ERRORS: Record<string, () => AppError> = {
  FST_ERR_CTP_BODY_TOO_LARGE: () =>
    new AppError(
      "payload-too-large",
      "The request body is larger than 1 MiB; upload files go to the upload address.",
    ),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () =>
    new AppError("unsupported-media-type", "This endpoint accepts application/json bodies only."),
  FST_ERR_CTP_INVALID_JSON_BODY: () => new ValidationError({ body: ["The body is not valid JSON."] }),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => new ValidationError({ body: ["The body is empty."] }),
  FST_ERR_BAD_URL: () =>
    new ValidationError({ path: ["The URL has a malformed percent-escape."] }, "The URL is malformed."),
  // An id longer than the router's limit (100 characters) names no resource: the route's 404, never a 500.
  FST_ERR_MAX_PARAM_LENGTH: () => new AppError("not-found", "No resource has an id this long."),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () =>
    new ValidationError({ header: ["Content-Length does not match the body."] }, "The request is malformed."),
};

/**
 * Any thrown value as a contract error: a sick dependency of the gateway's own (its API-key database) is
 * `upstream-unavailable`; what is not recognised stays as is and becomes `internal`.
 */
export function toAppError(error: unknown): unknown {
  if (isAppError(error)) return error;
  const unavailable = unavailableDependency(error);
  if (unavailable) return unavailable;
  if (hasZodFastifySchemaValidationErrors(error)) {
    return new ValidationError(fieldErrors(error.validation, error.validationContext));
  }
  const fastifyError = error as Partial<FastifyError>;
  const known = fastifyError.code ? FASTIFY_ERRORS[fastifyError.code] : undefined;
  if (known) return known();
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) {
    return new ValidationError({ body: ["The body is not valid JSON."] });
  }
  if (fastifyError.statusCode === 400) return new ValidationError({}, "The request is malformed.");
  return error;
}

const pathOf = (url: string) => url.split("?")[0] ?? url;

/** Retry-After of a 503 whose error named no delay (the transport mapping's own default). */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** What an upstream may send as an error id: short and printable, so it is safe to log and to echo. */
const SANE_ERROR_ID = /^[A-Za-z0-9-]{8,64}$/;

/**
 * The id of an internal error: the one a downstream service logged it under (its `errorId` extension),
 * so one id leads to both log lines, or a fresh one for the gateway's own.
 */
function errorIdOf(error: unknown): string {
  const upstream = isAppError(error) ? error.extensions.errorId : undefined;
  return typeof upstream === "string" && SANE_ERROR_ID.test(upstream) ? upstream : randomUUID();
}

/**
 * Send any error as `application/problem+json` with the contract's members. Internal errors are logged
 * with an error id that the body repeats (`errorId`), so support can find the log line; their message,
 * stack, SQL and extensions never reach the body.
 */
export function sendProblem(request: FastifyRequest, reply: FastifyReply, thrown: unknown): FastifyReply {
  const error = toAppError(thrown);
  const hidden = !isAppError(error) || error.code === "internal";
  const errorId = hidden ? errorIdOf(error) : undefined;
  const problem = toProblem(hidden ? new Error("hidden") : error, {
    instance: pathOf(request.url),
    traceId: request.traceId,
    ...(errorId ? { errorId } : {}),
  });
  if (errorId) request.log.error({ err: thrown, errorId }, "request failed");
  else if (problem.status >= 502) request.log.warn({ err: thrown }, "request failed upstream");
  else request.log.info({ code: problem.code, status: problem.status }, "request refused");

  if (problem.status === 401) {
    const presented =
      request.headers.authorization !== undefined || request.headers["x-api-key"] !== undefined;
    reply.header(
      "www-authenticate",
      presented ? 'Bearer realm="marketplace", error="invalid_token"' : 'Bearer realm="marketplace"',
    );
  }
  // A 503 always says when to retry: an upstream's `upstream-unavailable` may cross the wire without it.
  const retryAfter =
    (isAppError(error) ? error.retryAfterSeconds : undefined) ??
    (problem.status === 503 ? UNAVAILABLE_RETRY_AFTER_SECONDS : undefined);
  if (retryAfter !== undefined) reply.header("retry-after", String(Math.max(1, Math.ceil(retryAfter))));
  return reply.code(problem.status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(problem));
}

/**
 * Fastify's `frameworkErrors` hook: errors raised before routing (an undecodable URL) skip the request
 * hooks, so the request context is adopted here before the problem is sent.
 */
export function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  adoptRequestContext(request, reply);
  sendProblem(request, reply, error);
}

/** Every error and every unknown route answers a problem body; none falls through to fastify's defaults. */
export function installProblems(app: ZodApp): void {
  app.setErrorHandler((error, request, reply) => sendProblem(request, reply, error));
  app.setNotFoundHandler((request, reply) =>
    sendProblem(
      request,
      reply,
      new AppError("not-found", `No route matches ${request.method} ${pathOf(request.url)}.`),
    ),
  );
}
