import { PermissionViolationError } from "@nats-io/nats-core";

/** True when NATS refused the request because this connection's user may not publish its subject. */
export function isPermissionDenied(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (e instanceof PermissionViolationError) return true;
  }
  return false;
}
