import { listingDisabledV1, offeringWithdrawnV1 } from "@mp/contracts";
import type { PoolClient } from "@mp/db";
import { NotFoundError } from "@mp/errors";
import type { CallContext } from "@mp/grpc";
import { disable } from "../domain/listing";
import { isActive, type Offering, withdraw } from "../domain/offering";
import { listingEvent, offeringEvent } from "./events";
import { parseGuid } from "./guid";
import { adminsInstance } from "./offering-access";
import type {
  Clock,
  Emit,
  KnownInstanceRepository,
  ListingRepository,
  OfferingRepository,
  UnitOfWork,
} from "./ports";

export interface WithdrawalDeps {
  offerings: OfferingRepository;
  listings: ListingRepository;
}

/**
 * Withdraw a locked, active offering in `tx`: providers can no longer list the item there and each of its
 * enabled listings is disabled, every change announced through the outbox in the same transaction.
 */
export async function withdrawWithListings(
  deps: WithdrawalDeps,
  tx: PoolClient,
  emit: Emit,
  offering: Offering,
  at: Date,
): Promise<void> {
  if (!isActive(offering)) return;
  const withdrawn = withdraw(offering, at);
  await deps.offerings.update(tx, withdrawn);
  await emit(offeringEvent(offeringWithdrawnV1.type, withdrawn, at));
  for (const listing of await deps.listings.enabledOfOffering(tx, offering.id)) {
    const disabled = disable(listing);
    await deps.listings.update(tx, disabled);
    await emit(listingEvent(listingDisabledV1.type, disabled, at));
  }
}

/** `DELETE .../offerings/{offeringId}` (admin of the instance's owner): idempotent. */
export function makeWithdrawOffering(
  deps: WithdrawalDeps & { instances: KnownInstanceRepository; unitOfWork: UnitOfWork; clock: Clock },
) {
  return async (request: { instanceId: string; offeringId: string }, ctx: CallContext): Promise<void> => {
    const instance = await adminsInstance(deps, request.instanceId, ctx);
    const offeringId = parseGuid(request.offeringId, "path.offeringId");
    await deps.unitOfWork.run(async (tx, emit) => {
      const offering = await deps.offerings.lock(tx, instance.id, offeringId);
      if (!offering) throw new NotFoundError("Offering");
      await withdrawWithListings(deps, tx, emit, offering, deps.clock.now());
    });
    ctx.logger.info({ offeringId }, "offering withdrawn");
  };
}
