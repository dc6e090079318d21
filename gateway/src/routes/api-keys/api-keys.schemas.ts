import { ROLES } from "@mp/contracts";
import { z } from "zod";
import { guid, guidInput, paged, pageQuery, singleLine, timestamp } from "../common.schemas";

const Role = z.enum(ROLES);

/** The longest lifetime a key may be given; a key without `expiresAt` lives until it is revoked. */
export const MAX_KEY_LIFETIME_DAYS = 366;
const DAY_MS = 86_400_000;

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
    expiresAt: timestamp.nullable().describe("When the key stops working; null when it lives until revoked."),
    lastUsedAt: timestamp.nullable().describe("Last use, to the minute."),
  })
  .meta({ id: "ApiKey", description: "An API key of the caller's organisation that is not revoked." });

export const CreatedApiKey = ApiKey.extend({
  key: z.string().describe("`mk_live_...` or `mk_test_...`: shown in this response only; store it now."),
}).meta({ id: "CreatedApiKey", description: "A new API key, with its secret shown once." });

export const ApiKeyPage = paged(ApiKey);

const expiresAt = z.iso
  .datetime({ offset: true })
  .transform((value) => new Date(value))
  .refine((date) => date.getTime() > Date.now() + 60_000, "Must be at least a minute in the future.")
  .refine(
    (date) => date.getTime() <= Date.now() + MAX_KEY_LIFETIME_DAYS * DAY_MS,
    `Must be at most ${MAX_KEY_LIFETIME_DAYS} days away.`,
  );

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
      `Optional expiry (ISO 8601 with an offset), at least a minute and at most ${MAX_KEY_LIFETIME_DAYS} days away; after it the key answers 401. Omitted: the key lives until revoked.`,
    ),
});

export const ListApiKeysQuery = z.object(pageQuery(["createdAt", "name"]));

export const ApiKeyParams = z.object({ id: guidInput("API key id (guid, any case).") });
