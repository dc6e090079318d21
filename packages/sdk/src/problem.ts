import type { components } from "./generated/openapi";

export type Problem = components["schemas"]["ProblemDetails"];
export type ProblemCode = Problem["code"];

/**
 * An answer other than 2xx, as a thrown error: the problem+json's status, code and detail, and for
 * `validation-failed` the messages by field path (`body.price.amount`, `query.pageSize`, ...).
 */
export class MarketplaceError extends Error {
  readonly status: number;
  /** The contract's machine code; `undefined` when the answer was not problem+json. */
  readonly code: ProblemCode | undefined;
  readonly detail: string;
  /** Messages by field path; empty unless the problem named fields. */
  readonly fieldErrors: Readonly<Record<string, readonly string[]>>;
  /** The whole problem document (extra members such as `unmet`, `state`, `errorId`), when there was one. */
  readonly problem: Problem | undefined;

  constructor(status: number, body: unknown) {
    const problem = isProblem(body) ? body : undefined;
    const detail = problem?.detail ?? (typeof body === "string" && body ? body : `HTTP ${status}`);
    super(problem ? `${status} ${problem.code}: ${detail}` : `HTTP ${status}: ${detail}`);
    this.name = "MarketplaceError";
    this.status = status;
    this.code = problem?.code;
    this.detail = detail;
    this.problem = problem;
    this.fieldErrors = problem ? readFieldErrors(problem.errors) : {};
  }
}

function isProblem(body: unknown): body is Problem {
  if (typeof body !== "object" || body === null) return false;
  const candidate = body as Record<string, unknown>;
  return typeof candidate.code === "string" && typeof candidate.status === "number";
}

function readFieldErrors(errors: unknown): Record<string, string[]> {
  if (typeof errors !== "object" || errors === null) return {};
  const fields: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(errors)) {
    if (Array.isArray(messages)) fields[field] = messages.map(String);
  }
  return fields;
}

/** What an openapi-fetch call resolves to, reduced to what `unwrap` reads. */
export interface CallResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * The data of a successful call, or a thrown `MarketplaceError`:
 * `const instance = await unwrap(client.GET("/marketplace/instances/{id}", ...))`.
 */
export async function unwrap<T>(call: Promise<CallResult<T>> | CallResult<T>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw new MarketplaceError(response.status, error);
  return data as T;
}
