import { Metadata } from "@grpc/grpc-js";
import { METADATA_KEYS, type Principal, ROLES } from "@mp/contracts";
import { type Carrier, outgoingTraceHeaders } from "@mp/telemetry";

/** What travels with every call: who asks, the request id, and (implicitly) the trace context. */
export interface OutgoingContext {
  principal?: Principal | undefined;
  requestId: string;
  signal?: AbortSignal | undefined;
}

export function buildMetadata(ctx: OutgoingContext): Metadata {
  const metadata = new Metadata();
  metadata.set(METADATA_KEYS.requestId, ctx.requestId);
  if (ctx.principal) metadata.set(METADATA_KEYS.principal, JSON.stringify(ctx.principal));
  for (const [key, value] of Object.entries(outgoingTraceHeaders())) metadata.set(key, value);
  return metadata;
}

/** Parse the principal the gateway put in metadata; a malformed one is treated as absent. */
export function readPrincipal(metadata: Metadata): Principal | undefined {
  const raw = metadata.get(METADATA_KEYS.principal)[0];
  if (typeof raw !== "string") return undefined;
  try {
    const value = JSON.parse(raw) as Partial<Principal>;
    if (
      typeof value.subject === "string" &&
      typeof value.organisationId === "string" &&
      Array.isArray(value.roles) &&
      value.roles.every((r) => (ROLES as readonly string[]).includes(r)) &&
      (value.via === "jwt" || value.via === "api-key")
    ) {
      return {
        subject: value.subject,
        organisationId: value.organisationId,
        roles: value.roles,
        via: value.via,
      };
    }
  } catch {
    // fall through
  }
  return undefined;
}

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
