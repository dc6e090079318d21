import { createHash } from "node:crypto";
import type { CallContext } from "./handlers";

/** What a creation done once per request id keeps: the request id it was made under and a digest of its values. */
export interface RequestCreation {
  key: string;
  digest: string;
}

/**
 * The call's creation key (its request id, the gateway's `X-Request-Id`) with a SHA-256 digest of `values`
 * as JSON, which a repeat under the same key must match; undefined for a call without a request id.
 */
export function requestCreation(
  ctx: Pick<CallContext, "requestId">,
  values: unknown,
): RequestCreation | undefined {
  if (!ctx.requestId) return undefined;
  return { key: ctx.requestId, digest: createHash("sha256").update(JSON.stringify(values)).digest("hex") };
}
