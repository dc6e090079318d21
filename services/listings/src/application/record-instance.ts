import type { EventEnvelope } from "@mp/bus";
import type { InstanceCreatedV1 } from "@mp/contracts";
import type { PoolClient } from "@mp/db";
import type { KnownInstanceRepository } from "./ports";

/**
 * Handler of `catalogue.instance.created.v1` and `.snapshot.v1`: runs in the inbox transaction, so it
 * takes effect once, and applies the instance only when its version is newer than the one held.
 */
export function makeRecordInstance(deps: { instances: KnownInstanceRepository }) {
  return async (event: EventEnvelope<InstanceCreatedV1>, tx: PoolClient): Promise<void> => {
    const { data } = event;
    await deps.instances.remember(tx, {
      id: data.id,
      ownerOrganisationId: data.ownerOrganisationId,
      defaultCurrency: data.defaultCurrency,
      platformFeeBps: data.platformFeeBps,
      createdAt: new Date(data.createdAt),
      version: data.version,
    });
  };
}
