import type { z } from "zod";
import type { PublishingClient } from "../../clients";
import { responses as documented, type ErrorSpec, notImplemented } from "../route-kit";

export const ITEMS_BASE = "/marketplace/developers/marketplace-items";
const TAGS = ["Developer items"];

/** Route options with the shared parts (developer role, tag); the schema keeps its types for the handler. */
export function itemRoute<const S extends object>(
  operationId: string,
  summary: string,
  description: string | undefined,
  schema: S,
) {
  return {
    config: { access: "developer" as const },
    schema: { operationId, tags: TAGS, summary, ...(description ? { description } : {}), ...schema },
  };
}

/**
 * The publishing client the item routes call, and their response documentation. Without the client (a
 * caller that does not pass the gateway's clients) the routes stay documented and answer 501 after
 * authentication and role checks.
 */
export function publishingCalls(deps?: { clients: { publishing: PublishingClient } }) {
  const client = deps?.clients.publishing;
  const pending = client === undefined;
  const call: PublishingClient["call"] = client ? client.call.bind(client) : notImplemented;
  const responses = <const S extends Record<number, z.ZodType>>(success: S, spec: ErrorSpec = {}) =>
    documented(success, { ...spec, pending });
  return { call, responses };
}
