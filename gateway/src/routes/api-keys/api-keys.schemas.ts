import { ROLES } from "@mp/contracts";
import { z } from "zod";
import { guid, guidInput, paged, pageQuery, timestamp } from "../common.schemas";

const Role = z.enum(ROLES);

export const ApiKey = z
  .object({
    id: guid,
    name: z.string(),
    roles: z.array(Role),
    prefix: z
      .string()
      .describe("The key's first characters, to tell keys apart; the key itself is never shown again."),
    createdAt: timestamp,
    lastUsedAt: timestamp.nullable().describe("Last use, to the minute."),
  })
  .meta({ id: "ApiKey", description: "An active API key of the caller's organisation." });

export const CreatedApiKey = ApiKey.extend({
  key: z.string().describe("`mk_live_...` or `mk_test_...`: shown in this response only; store it now."),
}).meta({ id: "CreatedApiKey", description: "A new API key, with its secret shown once." });

export const ApiKeyPage = paged(ApiKey);

export const CreateApiKeyBody = z.strictObject({
  name: z.string().trim().min(1).max(120).describe("1..120 characters after trimming."),
  roles: z
    .array(Role)
    .min(1)
    .max(ROLES.length)
    .refine((roles) => new Set(roles).size === roles.length, "Roles must not repeat.")
    .describe("A non-empty subset of the caller's own roles."),
});

export const ListApiKeysQuery = z.object(pageQuery(["createdAt", "name"]));

export const ApiKeyParams = z.object({ id: guidInput("API key id (guid, any case).") });
