import { isIP } from "node:net";
import type { WebhookEventType } from "@mp/contracts";
import { CONTROL_CHARACTER_FREE, type FieldErrors } from "@mp/errors";
import { refusedAddress } from "./address-policy";
import { isWebhookEventType } from "./event-types";

/** An organisation's webhook endpoint (its secrets are kept apart, sealed, in the repository). */
export interface Endpoint {
  id: string;
  organisationId: string;
  url: string;
  events: WebhookEventType[];
  description: string | null;
  enabled: boolean;
  disabledReason: string | null;
  createdAt: Date;
  updatedAt: Date;
  previousSecretExpiresAt: Date | null;
}

/** How long a rotated-out secret keeps signing alongside the new one. */
export const PREVIOUS_SECRET_TTL_MS = 24 * 3_600_000;
export const MAX_URL_LENGTH = 2048;
export const MAX_DESCRIPTION_LENGTH = 500;
/** Endpoints one organisation may hold. */
export const MAX_ENDPOINTS_PER_ORGANISATION = 20;

export interface UrlRules {
  /** Production: only https. */
  httpsOnly: boolean;
  /** `WEBHOOK_ALLOW_PRIVATE=1`: loopback and private addresses allowed (local runs). */
  allowPrivate: boolean;
}

/**
 * Checks a URL as registered: absolute http(s) (https only in production), no credentials in it, and,
 * when its host is an IP literal, a public one. Host names are judged where it matters, at connect time.
 */
export function checkUrl(url: string, rules: UrlRules, field: string, errors: FieldErrors): void {
  // The URL parser silently drops tabs and newlines: refuse any control character before it sees them.
  if (!CONTROL_CHARACTER_FREE["single-line"].test(url)) {
    errors[field] = ["must not contain control characters"];
    return;
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    errors[field] = ["must be an absolute URL"];
    return;
  }
  if (url.length > MAX_URL_LENGTH) errors[field] = [`must be at most ${MAX_URL_LENGTH} characters`];
  else if (parsed.protocol !== "https:" && (rules.httpsOnly || parsed.protocol !== "http:"))
    errors[field] = [rules.httpsOnly ? "must be an https URL" : "must be an http or https URL"];
  else if (parsed.username || parsed.password) errors[field] = ["must not carry credentials"];
  else {
    const host = parsed.hostname.replace(/^\[|\]$/g, "");
    if (!rules.allowPrivate && isIP(host) !== 0 && refusedAddress(host))
      errors[field] = ["must not point at a loopback, private, link-local or reserved address"];
    else if (!rules.allowPrivate && /^localhost\.?$/i.test(host))
      errors[field] = ["must not point at localhost"];
  }
}

/** The subscribed events: at least one, each known, without repeats (kept in the given order). */
export function checkEvents(
  events: readonly string[],
  field: string,
  errors: FieldErrors,
): WebhookEventType[] {
  if (events.length === 0) {
    errors[field] = ["must name at least one event"];
    return [];
  }
  const unknown = events.filter((e) => !isWebhookEventType(e));
  if (unknown.length > 0) errors[field] = [`unknown event types: ${unknown.join(", ")}`];
  return [...new Set(events.filter(isWebhookEventType))];
}
