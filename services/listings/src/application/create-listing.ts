import { isCurrencyCode, listingCreatedV1, listingDisabledV1 } from "@mp/contracts";
import {
  ConflictError,
  type FieldErrors,
  NotFoundError,
  RequestIdReusedError,
  ValidationError,
} from "@mp/errors";
import { type CallContext, requestCreation, requirePrincipal } from "@mp/grpc";
import { type Money, requirePublished } from "../domain/item";
import { checkPrice, type Listing, supersede, VISIBILITIES, type Visibility } from "../domain/listing";
import { listingEvent } from "./events";
import { isGuid } from "./guid";
import type {
  Clock,
  IdGenerator,
  KnownInstanceRepository,
  KnownItemRepository,
  ListingRepository,
  OfferingRepository,
  UnitOfWork,
} from "./ports";

export interface CreateListingRequest {
  marketplaceItemId: string;
  marketplaceInstanceId: string;
  price: { amount: number; currency: string } | null;
  /** Empty means `public`. */
  visibility: string;
}

interface ParsedRequest {
  itemId: string;
  instanceId: string;
  price: Money;
  visibility: Visibility;
}

function parseRequest(raw: CreateListingRequest): ParsedRequest {
  const errors: FieldErrors = {};
  if (!isGuid(raw.marketplaceItemId)) errors["path.marketplaceItemId"] = ["must be a guid"];
  if (!isGuid(raw.marketplaceInstanceId)) errors["body.marketplaceInstanceId"] = ["must be a guid"];
  if (!raw.price) errors["body.price"] = ["is required"];
  else {
    if (!Number.isSafeInteger(raw.price.amount) || raw.price.amount < 0)
      errors["body.price.amount"] = ["must be an integer >= 0 in the currency's minor unit"];
    if (!isCurrencyCode(raw.price.currency))
      errors["body.price.currency"] = ["must be a supported ISO 4217 code"];
  }
  const visibility = (raw.visibility || "public") as Visibility;
  if (!VISIBILITIES.includes(visibility)) errors["body.visibility"] = ["must be public or private"];
  if (Object.keys(errors).length > 0 || !raw.price) throw new ValidationError(errors);
  return {
    itemId: raw.marketplaceItemId.toLowerCase(),
    instanceId: raw.marketplaceInstanceId.toLowerCase(),
    price: { amount: raw.price.amount, currency: raw.price.currency },
    visibility,
  };
}

export interface CreateListingDeps {
  instances: KnownInstanceRepository;
  items: KnownItemRepository;
  offerings: OfferingRepository;
  listings: ListingRepository;
  unitOfWork: UnitOfWork;
  clock: Clock;
  ids: IdGenerator;
}

/**
 * `POST /marketplace/providers/listings/{marketplaceItemId}`: the item must be published and offered in
 * the instance, the price in the base price's currency and high enough to leave the provider a share.
 * The provider's current listing of the item there is superseded (disabled, into history), all under the
 * item's row lock and announced through the outbox in the same transaction. A creation is done once per
 * request id, as an instance's: the listing keeps the request id it was created under (the gateway's
 * `X-Request-Id`, scoped to the organisation) with a digest of the values, and a repeat of that request
 * answers the listing the first one created, as it is now, writing nothing (a repeat would otherwise
 * supersede it with a copy); the same request id with other values is 409 `request-id-reused` (with
 * `listingId`).
 */
export function makeCreateListing(deps: CreateListingDeps) {
  return async (raw: CreateListingRequest, ctx: CallContext): Promise<Listing> => {
    const caller = requirePrincipal(ctx, "provider");
    const request = parseRequest(raw);
    const instance = await deps.instances.get(request.instanceId);
    if (!instance) throw new NotFoundError("Marketplace instance");
    const providerOrganisationId = caller.organisationId.toLowerCase();
    const { itemId, instanceId, price, visibility } = request;
    const creation = requestCreation(ctx, [itemId, instanceId, price.amount, price.currency, visibility]);
    return deps.unitOfWork.run(async (tx, emit) => {
      const first = creation && (await deps.listings.lockCreation(tx, providerOrganisationId, creation.key));
      if (first) {
        if (first.digest !== creation.digest)
          throw new RequestIdReusedError(creation.key, "listing", first.listing.id, "listingId");
        ctx.logger.info(
          { listingId: first.listing.id },
          "listing creation repeated: the first one's listing",
        );
        return first.listing;
      }
      const item = await deps.items.lock(tx, request.itemId);
      if (!item) throw new NotFoundError("Marketplace item");
      requirePublished(item, "listed");
      const offering = await deps.offerings.active(tx, instance.id, item.id);
      if (!offering || !item.basePrice)
        throw new ConflictError("not-offered", "The instance's admin has not offered this item there.");
      checkPrice(request.price, item.basePrice, instance.platformFeeBps);
      const now = deps.clock.now();
      const key = { providerOrganisationId, itemId: item.id, instanceId: instance.id };
      const previous = await deps.listings.current(key, tx);
      if (previous) {
        const superseded = supersede(previous, now);
        await deps.listings.update(tx, superseded);
        await emit(listingEvent(listingDisabledV1.type, superseded, now));
      }
      const listing: Listing = {
        id: deps.ids.next(),
        marketplaceItemId: item.id,
        marketplaceInstanceId: instance.id,
        providerOrganisationId,
        offeringId: offering.id,
        price: request.price,
        visibility: request.visibility,
        disabled: false,
        createdAt: now,
        supersededAt: null,
        version: 1,
      };
      await deps.listings.insert(
        tx,
        listing,
        { visibility: listing.visibility, setAt: now, setBy: caller.subject },
        creation,
      );
      await emit(listingEvent(listingCreatedV1.type, listing, now));
      ctx.logger.info(
        { listingId: listing.id, itemId: item.id, supersedes: previous?.id },
        "listing created",
      );
      return listing;
    });
  };
}
