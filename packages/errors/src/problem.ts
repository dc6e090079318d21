import { AppError } from "./app-error";
import { TITLES } from "./codes";

/** RFC 9457 problem body with the contract's members (section 2). */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  code: string;
  traceId: string;
  [extension: string]: unknown;
}

export const PROBLEM_TYPE_BASE = "https://docs.marketplace.infuse-iot.com/problems/";

/**
 * Build the problem body for an error. Anything that is not an AppError is `internal`: its message,
 * stack and SQL never reach the body; the caller logs it with `errorId`, which the body repeats (as the
 * `errorId` member and in `detail`) so support can find the log line from what a user reports.
 */
export function toProblem(
  error: unknown,
  context: { instance: string; traceId: string; errorId?: string },
): Problem {
  const appError = error instanceof AppError ? error : undefined;
  const code = appError?.code ?? "internal";
  const status = appError?.status ?? 500;
  const detail =
    appError?.message ??
    `An internal error occurred${context.errorId ? ` (error id ${context.errorId})` : ""}.`;
  return {
    ...(appError?.extensions ?? {}),
    type: `${PROBLEM_TYPE_BASE}${code}`,
    title: TITLES[code],
    status,
    detail,
    instance: context.instance,
    code,
    traceId: context.traceId,
    ...(context.errorId ? { errorId: context.errorId } : {}),
  };
}

export const PROBLEM_CONTENT_TYPE = "application/problem+json";
