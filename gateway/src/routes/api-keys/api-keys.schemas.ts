import { ROLES } from "@mp/contracts";
import { z } from "zod";
import { guid, guidInput, paged, pageQuery, singleLine, timestamp } from "../common.schemas";

const Role = z.enum(ROLES);

/** The lifetime of a key created without `expiresAt`. */
export const DEFAULT_KEY_LIFETIME_DAYS = 90;
const DAY_MS = 86_400_000;

/** When a key created now without `expiresAt` stops working. */
export function defaultKeyExpiry(now: Date = new Date()): Date {
  return new Date(now.getTime() + DEFAULT_KEY_LIFETIME_DAYS * DAY_MS);
}

/** The latest expiry a key created now may be given: one year (same date and time, next year). */
export function latestKeyExpiry(now: Date = new Date()): Date {
  const latest = new Date(now);
  latest.setUTCFullYear(latest.getUTCFullYear() + 1);
  return latest;
}

export const ApiKey = z
  .object({
    id: guid,
    name: z.string(),
    roles: z.array(Role),
    prefix: z
      .string()
      .describe("The key's first characters, to tell keys apart; the key itself is never shown again."),
    createdBy: z
      .string()
      .nullable()
      .describe("Subject (`sub`) of the access token that created the key; null for keys older than this."),
    createdAt: timestamp,
    expiresAt: timestamp
      .nullable()
      .describe(
        "When the key stops working. Every key created now has one; null only for keys created before expiries were required, which live until revoked.",
      ),
    lastUsedAt: timestamp.nullable().describe("Last use, to the minute."),
  })
  .meta({ id: "ApiKey", description: "An API key of the caller's organisation that is not revoked." });

export const CreatedApiKey = ApiKey.extend({
  key: z.string().describe("`mk_live_...` or `mk_test_...`: shown in this response only; store it now."),
  expiresAt: timestamp.describe(
    `When the key stops working: the requested \`expiresAt\`, or ${DEFAULT_KEY_LIFETIME_DAYS} days from now when none was given.`,
  ),
}).meta({ id: "CreatedApiKey", description: "A new API key, with its secret shown once." });

export const ApiKeyPage = paged(ApiKey);

const expiresAt = z.iso
  .datetime({ offset: true })
  .transform((value) => new Date(value))
  .refine((date) => date.getTime() > Date.now() + 60_000, "Must be at least a minute in the future.")
  .refine((date) => date.getTime() <= latestKeyExpiry().getTime(), "Must be at most one year away.");

export const CreateApiKeyBody = z.strictObject({
  name: singleLine().trim().min(1).max(120).describe("1..120 characters after trimming."),
  roles: z
    .array(Role)
    .min(1)
    .max(ROLES.length)
    .refine((roles) => new Set(roles).size === roles.length, "Roles must not repeat.")
    .describe("A non-empty subset of the caller's own roles."),
  expiresAt: expiresAt
    .optional()
    .describe(
      `Optional expiry (ISO 8601 with an offset), at least a minute and at most one year away; after it the key answers 401. Omitted: ${DEFAULT_KEY_LIFETIME_DAYS} days from now.`,
    ),
});

export const ListApiKeysQuery = z.object(pageQuery(["createdAt", "name"]));

export const ApiKeyParams = z.object({ id: guidInput("API key id (guid, any case).") });
