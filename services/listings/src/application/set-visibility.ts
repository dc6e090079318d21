import { listingVisibilitySetV1 } from "@mp/contracts";
import { type FieldErrors, NotFoundError, ValidationError } from "@mp/errors";
import { type CallContext, requirePrincipal } from "@mp/grpc";
import { setVisibility, VISIBILITIES, type Visibility } from "../domain/listing";
import { listingEvent } from "./events";
import { isGuid } from "./guid";
import type { Clock, ListingRepository, UnitOfWork } from "./ports";

/**
 * `POST /marketplace/providers/listings/{id}/visibility`: appends a visibility state, even an unchanged
 * one, and bumps the listing's version (one visibility-set event per call). Another organisation's
 * listing is not found.
 */
export function makeSetVisibility(deps: {
  listings: ListingRepository;
  unitOfWork: UnitOfWork;
  clock: Clock;
}) {
  return async (request: { listingId: string; visibility: string }, ctx: CallContext): Promise<void> => {
    const caller = requirePrincipal(ctx, "provider");
    const errors: FieldErrors = {};
    if (!isGuid(request.listingId)) errors["path.id"] = ["must be a guid"];
    if (!VISIBILITIES.includes(request.visibility as Visibility))
      errors["body.visibility"] = ["must be public or private"];
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    await deps.unitOfWork.run(async (tx, emit) => {
      const listing = await deps.listings.lock(
        tx,
        caller.organisationId.toLowerCase(),
        request.listingId.toLowerCase(),
      );
      if (!listing) throw new NotFoundError("Listing");
      const now = deps.clock.now();
      const changed = setVisibility(listing, request.visibility as Visibility);
      await deps.listings.update(tx, changed);
      await deps.listings.appendVisibility(tx, listing.id, {
        visibility: changed.visibility,
        setAt: now,
        setBy: caller.subject,
      });
      await emit(listingEvent(listingVisibilitySetV1.type, changed, now));
    });
  };
}
