import { type ApiKeyMode, generateApiKey, isRoleSubset } from "@mp/auth";
import type { Principal } from "@mp/contracts";
import { ForbiddenError, NotFoundError } from "@mp/errors";
import { v7 as uuidv7 } from "uuid";
import type { ApiKeyRepository } from "../../infra/api-key.repository";
import { principalOf } from "../../plugins/authentication.plugin";
import { NoContent } from "../common.schemas";
import { responses, type ZodApp } from "../route-kit";
import { toApiKey } from "./api-keys.mapper";
import {
  ApiKeyPage,
  ApiKeyParams,
  CreateApiKeyBody,
  CreatedApiKey,
  defaultKeyExpiry,
  ListApiKeysQuery,
} from "./api-keys.schemas";

/**
 * Minting and revoking keys needs a person's access token: a key that could mint keys would let one
 * leaked key outlive its own revocation.
 */
function userPrincipal(principal: Principal): Principal {
  if (principal.via !== "jwt") {
    throw new ForbiddenError("API keys can be created and revoked only with a user's access token.");
  }
  return principal;
}

/**
 * API keys of the caller's organisation (contract section 3). Any member may list them; creating and
 * revoking need a user's access token (never another key); a key never carries a role its creator lacks;
 * revoking a key someone else created needs `admin`.
 */
export function apiKeysRoutes(app: ZodApp, deps: { apiKeys: ApiKeyRepository; keyMode: ApiKeyMode }): void {
  const tags = ["API keys"];
  app.post(
    "/marketplace/api-keys",
    {
      schema: {
        operationId: "createApiKey",
        tags,
        summary: "Create an API key",
        description:
          "Needs a user's access token: a caller authenticated by an API key gets 403. The key is returned once, in this response, and stored only as a SHA-256 digest; it records its creator (`createdBy`, the token's subject) and always expires: at `expiresAt` (at most one year away), 90 days from now when that is omitted; the answer shows the expiry. Production issues and accepts only `mk_live_` keys, every other environment only `mk_test_` keys. Requesting a role the caller lacks is a 403.",
        body: CreateApiKeyBody,
        response: responses({ 200: CreatedApiKey }, { body: true }),
      },
    },
    async (request) => {
      const principal = userPrincipal(principalOf(request));
      if (!isRoleSubset(request.body.roles, principal.roles)) {
        throw new ForbiddenError("An API key can carry only roles its creator holds.");
      }
      const generated = generateApiKey(deps.keyMode);
      const expiresAt = request.body.expiresAt ?? defaultKeyExpiry();
      const record = await deps.apiKeys.create({
        id: uuidv7(),
        organisationId: principal.organisationId,
        name: request.body.name,
        roles: request.body.roles,
        keyHash: generated.hash,
        prefix: generated.prefix,
        createdBy: principal.subject,
        expiresAt,
      });
      return { ...toApiKey(record), expiresAt: expiresAt.toISOString(), key: generated.key };
    },
  );

  app.get(
    "/marketplace/api-keys",
    {
      schema: {
        operationId: "listApiKeys",
        tags,
        summary: "List the organisation's API keys",
        description:
          "Revoked keys are left out; expired keys stay listed, with their `expiresAt`, until revoked. Keys themselves are never shown.",
        querystring: ListApiKeysQuery,
        response: responses({ 200: ApiKeyPage }),
      },
    },
    async (request) => {
      const page = await deps.apiKeys.listActive(principalOf(request).organisationId, request.query);
      return { ...page, items: page.items.map(toApiKey) };
    },
  );

  app.delete(
    "/marketplace/api-keys/:id",
    {
      schema: {
        operationId: "revokeApiKey",
        tags,
        summary: "Revoke an API key",
        description:
          "Needs a user's access token (a caller authenticated by an API key gets 403). Revoking a key someone else created needs the `admin` role (403 otherwise); another organisation's key is a 404. Takes effect on the key's next request. Revoking a revoked key again is a 204.",
        params: ApiKeyParams,
        response: responses({ 204: NoContent }, { notFound: true }),
      },
    },
    async (request, reply) => {
      const principal = userPrincipal(principalOf(request));
      const key = await deps.apiKeys.get(principal.organisationId, request.params.id);
      if (!key) throw new NotFoundError("API key");
      if (key.createdBy !== principal.subject && !principal.roles.includes("admin")) {
        throw new ForbiddenError("Revoking an API key someone else created needs the admin role.");
      }
      await deps.apiKeys.revoke(principal.organisationId, key.id);
      return reply.code(204).send();
    },
  );
}
