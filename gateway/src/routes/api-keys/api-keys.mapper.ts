import type { z } from "zod";
import type { ApiKeyRecord } from "../../infra/api-key.repository";
import type { ApiKey } from "./api-keys.schemas";

/** Never carries the key: only the create response adds it. */
export function toApiKey(record: ApiKeyRecord): z.input<typeof ApiKey> {
  return {
    id: record.id.toLowerCase(),
    name: record.name,
    roles: record.roles,
    prefix: record.prefix,
    createdBy: record.createdBy,
    createdAt: record.createdAt.toISOString(),
    expiresAt: record.expiresAt?.toISOString() ?? null,
    lastUsedAt: record.lastUsedAt?.toISOString() ?? null,
  };
}
