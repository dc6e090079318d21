import { ERROR_CODES } from "@mp/errors";
import type { WireResponse } from "./http";

const MEMBERS = ["type", "title", "detail", "instance", "code", "traceId"] as const;

/**
 * What is wrong with an error answer, measured against the contract (section 2): an
 * `application/problem+json` body with `type`, `title`, `status` (the HTTP status), `detail`, `instance`
 * (the request path), `code` (one of the contract's codes, for that status) and `traceId`. Empty when it
 * is a proper problem. Returned rather than asserted so the fuzz can name every fault of a case at once.
 */
export function problemViolations(response: WireResponse): string[] {
  const { path } = response;
  const faults: string[] = [];
  const contentType = response.headers.get("content-type") ?? "";
  if (!/^application\/problem\+json\b/.test(contentType)) faults.push(`content-type is "${contentType}"`);
  const body = response.json as Record<string, unknown> | undefined;
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    return [...faults, `body is not a JSON object: ${response.text.slice(0, 200)}`];
  }
  for (const member of MEMBERS) {
    if (typeof body[member] !== "string" || body[member] === "")
      faults.push(`"${member}" is missing or empty`);
  }
  if (body.status !== response.status)
    faults.push(`"status" is ${String(body.status)}, not ${response.status}`);
  const code = body.code as keyof typeof ERROR_CODES;
  if (!(code in ERROR_CODES)) faults.push(`"code" ${JSON.stringify(code)} is not a contract code`);
  else if (ERROR_CODES[code] !== response.status) faults.push(`code "${code}" is not a ${response.status}`);
  if (typeof body.type === "string" && typeof code === "string" && !body.type.includes(code)) {
    faults.push(`"type" ${body.type} does not name the code`);
  }
  if (typeof body.instance === "string" && body.instance !== path) {
    faults.push(`"instance" is ${body.instance}, not the request path ${path}`);
  }
  if (/\n\s+at |\bat \S+ \(.*:\d+:\d+\)|\bSELECT\b.*\bFROM\b|\bINSERT INTO\b/.test(String(body.detail))) {
    faults.push(`"detail" looks like a stack trace or SQL: ${String(body.detail).slice(0, 200)}`);
  }
  return faults;
}

/** Every answer carries the request id (contract section 1). */
export function headerViolations(response: WireResponse): string[] {
  return response.headers.get("x-request-id") ? [] : ["no x-request-id header"];
}
