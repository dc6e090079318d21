import { type ApiKeyMode, generateApiKey, isRoleSubset } from "@mp/auth";
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
  ListApiKeysQuery,
} from "./api-keys.schemas";

/**
 * API keys of the caller's organisation (contract section 3). Any authenticated caller may manage them,
 * with a JWT or another key, but a key never carries a role its creator lacks.
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
          "The key is returned once, in this response, and stored only as a SHA-256 digest. `mk_live_` keys are issued in production, `mk_test_` keys elsewhere. Requesting a role the caller lacks is a 403.",
        body: CreateApiKeyBody,
        response: responses({ 200: CreatedApiKey }, { body: true }),
      },
    },
    async (request) => {
      const principal = principalOf(request);
      if (!isRoleSubset(request.body.roles, principal.roles)) {
        throw new ForbiddenError("An API key can carry only roles its creator holds.");
      }
      const generated = generateApiKey(deps.keyMode);
      const record = await deps.apiKeys.create({
        id: uuidv7(),
        organisationId: principal.organisationId,
        name: request.body.name,
        roles: request.body.roles,
        keyHash: generated.hash,
        prefix: generated.prefix,
      });
      return { ...toApiKey(record), key: generated.key };
    },
  );

  app.get(
    "/marketplace/api-keys",
    {
      schema: {
        operationId: "listApiKeys",
        tags,
        summary: "List the organisation's active API keys",
        description: "Revoked keys are left out; keys themselves are never shown.",
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
        description: "Takes effect on the key's next request. Revoking a revoked key again is a 204.",
        params: ApiKeyParams,
        response: responses({ 204: NoContent }, { notFound: true }),
      },
    },
    async (request, reply) => {
      const revoked = await deps.apiKeys.revoke(principalOf(request).organisationId, request.params.id);
      if (!revoked) throw new NotFoundError("API key");
      return reply.code(204).send();
    },
  );
}
