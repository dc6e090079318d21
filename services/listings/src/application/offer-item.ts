import { offeringOfferedV1 } from "@mp/contracts";
import { NotFoundError } from "@mp/errors";
import type { CallContext } from "@mp/grpc";
import { requirePublished } from "../domain/item";
import type { Offering } from "../domain/offering";
import { offeringEvent } from "./events";
import { parseGuid } from "./guid";
import { adminsInstance } from "./offering-access";
import type {
  Clock,
  IdGenerator,
  KnownInstanceRepository,
  KnownItemRepository,
  OfferingRepository,
  UnitOfWork,
} from "./ports";

export interface OfferDeps {
  instances: KnownInstanceRepository;
  items: KnownItemRepository;
  offerings: OfferingRepository;
  unitOfWork: UnitOfWork;
  clock: Clock;
  ids: IdGenerator;
}

/**
 * `POST /marketplace/instances/{instanceId}/offerings`: only a published item of that instance can be
 * offered (an item of another instance is not found there). Under the item's row lock, so concurrent
 * offers of one item make one offering; offering it again returns the active offering.
 */
export function makeOfferItem(deps: OfferDeps) {
  return async (
    request: { instanceId: string; marketplaceItemId: string },
    ctx: CallContext,
  ): Promise<Offering> => {
    const instance = await adminsInstance(deps, request.instanceId, ctx);
    const itemId = parseGuid(request.marketplaceItemId, "body.marketplaceItemId");
    return deps.unitOfWork.run(async (tx, emit) => {
      const item = await deps.items.lock(tx, itemId);
      if (!item || item.marketplaceInstanceId !== instance.id) throw new NotFoundError("Marketplace item");
      requirePublished(item, "offered");
      const active = await deps.offerings.active(tx, instance.id, item.id);
      if (active) return active;
      const now = deps.clock.now();
      const offering: Offering = {
        id: deps.ids.next(),
        marketplaceInstanceId: instance.id,
        marketplaceItemId: item.id,
        createdAt: now,
        withdrawnAt: null,
        version: 1,
      };
      await deps.offerings.insert(tx, offering);
      await emit(offeringEvent(offeringOfferedV1.type, offering, now));
      ctx.logger.info({ offeringId: offering.id, itemId: item.id }, "item offered");
      return offering;
    });
  };
}
