import { Metadata } from "@grpc/grpc-js";
import type { MeshCredentials } from "@mp/auth";
import { METADATA_KEYS, type Principal } from "@mp/contracts";
import { type Carrier, outgoingTraceHeaders } from "@mp/telemetry";

/**
 * What a caller states about an outgoing call. The client turns it into signed assertions: the gateway
 * states the user; a service forwards the assertion of the user whose call it is serving (pass that call's
 * `ctx.principal`, or the whole CallContext); work a service started itself passes no principal and may
 * name the organisation it acts for.
 */
export interface OutgoingContext {
  /** The user the call is for; absent when the caller acts as itself. */
  principal?: Principal | undefined;
  /** Without a principal: the organisation the calling service acts for (its retry loop, a consumer). */
  organisationId?: string | undefined;
  requestId: string;
  /** Aborting it cancels the call (the server's handler sees its own signal abort). */
  signal?: AbortSignal | undefined;
  /**
   * Cancels the call like `signal`, and replaces it when set (`signal` is then not read): for a caller
   * that cancels all its calls at once (the gateway, when its client leaves), without an AbortController
   * to make and an abort listener to add and remove for every call.
   */
  cancelScope?: CancelScope | undefined;
  /**
   * Epoch ms by which the answer is needed. The call's deadline is the earliest of this, the client's
   * default and the deadline of the incoming call being served, and all attempts share it.
   */
  deadline?: number | undefined;
}

/** A call in flight, as a `CancelScope` holds it. */
export interface Cancellable {
  cancel(): void;
}

/** The calls of one caller, cancelled together: `watch` a call while it is in flight, `unwatch` it after. */
export interface CancelScope {
  /** True once the scope cancelled its calls: a call starting then is cancelled at once. */
  readonly cancelled: boolean;
  watch(call: Cancellable): void;
  unwatch(call: Cancellable): void;
}

export function buildMetadata(requestId: string, credentials: MeshCredentials): Metadata {
  const metadata = new Metadata();
  metadata.set(METADATA_KEYS.requestId, requestId);
  metadata.set(METADATA_KEYS.call, credentials.call);
  if (credentials.assertion) metadata.set(METADATA_KEYS.assertion, credentials.assertion);
  if (credentials.onBehalfOf) metadata.set(METADATA_KEYS.onBehalfOf, credentials.onBehalfOf);
  for (const [key, value] of Object.entries(outgoingTraceHeaders())) metadata.set(key, value);
  return metadata;
}

/** The one value of `key` when it is a string sent once, else undefined. */
function onlyString(metadata: Metadata, key: string): string | undefined {
  const values = metadata.get(key);
  return values.length === 1 && typeof values[0] === "string" ? values[0] : undefined;
}

/**
 * The credentials a call carries (unverified): strings only, at most one of each, and the request id as
 * sent (the call's MAC covers it).
 */
export function readCredentials(metadata: Metadata): {
  call?: string;
  assertion?: string;
  onBehalfOf?: string;
  requestId?: string;
} {
  const call = onlyString(metadata, METADATA_KEYS.call);
  const assertion = onlyString(metadata, METADATA_KEYS.assertion);
  const onBehalfOf = onlyString(metadata, METADATA_KEYS.onBehalfOf);
  const requestId = onlyString(metadata, METADATA_KEYS.requestId);
  return {
    ...(call ? { call } : {}),
    ...(assertion ? { assertion } : {}),
    ...(onBehalfOf ? { onBehalfOf } : {}),
    ...(requestId !== undefined ? { requestId } : {}),
  };
}

/** The request id a caller sent, for logging a call refused before its assertion told us the real one. */
export function readRequestId(metadata: Metadata): string | undefined {
  const raw = metadata.get(METADATA_KEYS.requestId)[0];
  return typeof raw === "string" && raw.length > 0 && raw.length <= 200 ? raw : undefined;
}

export function metadataCarrier(metadata: Metadata): Carrier {
  const carrier: Carrier = {};
  for (const key of ["traceparent", "tracestate"]) {
    const value = metadata.get(key)[0];
    if (typeof value === "string") carrier[key] = value;
  }
  return carrier;
}
