import { AsyncLocalStorage } from "node:async_hooks";
import type { Principal } from "@mp/contracts";

/** What the incoming call being served tells the calls its handler makes. */
interface IncomingScope {
  /** Epoch ms when the caller stops waiting (undefined: it set no deadline). */
  deadline: number | undefined;
}

const scope = new AsyncLocalStorage<IncomingScope>();

/**
 * Run a handler inside its call's scope, so every call it makes downstream ends by the caller's deadline
 * even when the call site passes only `{ principal, requestId, signal }`.
 */
export function runInCallScope<T>(incoming: IncomingScope, work: () => T): T {
  return scope.run(incoming, work);
}

/** The deadline of the incoming call being served, if any. */
export function incomingDeadline(): number | undefined {
  return scope.getStore()?.deadline;
}

/**
 * The user assertion each verified principal arrived with, keyed by the principal object the handler got.
 * A service forwards a user by passing that same object downstream; a principal it built itself finds no
 * assertion here, so no service can speak for a user the gateway did not vouch for.
 */
const forwardable = new WeakMap<Principal, string>();

export function rememberForwardable(principal: Principal, assertion: string): void {
  forwardable.set(principal, assertion);
}

export function forwardableAssertion(principal: Principal): string | undefined {
  return forwardable.get(principal);
}
