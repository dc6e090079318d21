import { newEvent } from "@mp/bus";
import { itemCreatedV1 } from "@mp/contracts";
import { NotFoundError, ValidationError } from "@mp/errors";
import { type CallContext, requirePrincipal } from "@mp/grpc";
import { isGuid } from "@mp/ids";
import { ITEM_TYPES, type Item, type ItemId, type ItemType } from "../domain/item";
import { metadataFromApplication } from "../domain/metadata";
import type { ItemDeps } from "./item-access";
import { type ItemView, renderItem, toItemSnapshot } from "./item-view";
import type { AssetsPort, IotApplicationsPort, KnownInstanceRepository } from "./ports";

export interface CreateItemInput {
  applicationId: number;
  marketplaceInstanceId: string;
  /** Empty means `app`. */
  type: string;
}

/**
 * Links an IoT application of the caller's organisation as a draft item, with name and description copied
 * from the platform into the first metadata record. The unique constraint on (instance, organisation,
 * application) decides a second link, so concurrent requests yield exactly one item and `already-linked`.
 */
export function makeCreateItem(
  deps: ItemDeps & {
    instances: KnownInstanceRepository;
    applications: IotApplicationsPort;
    assets: AssetsPort;
  },
) {
  return async (input: CreateItemInput, ctx: CallContext): Promise<ItemView> => {
    const caller = requirePrincipal(ctx, "developer");
    const type = (input.type || "app") as ItemType;
    if (!ITEM_TYPES.includes(type)) throw new ValidationError({ "body.type": ["must be app or algorithm"] });
    if (!Number.isInteger(input.applicationId) || input.applicationId < 1)
      throw new ValidationError({ "path.applicationId": ["must be a positive integer"] });
    const instance = isGuid(input.marketplaceInstanceId)
      ? await deps.instances.get(input.marketplaceInstanceId.toLowerCase())
      : undefined;
    if (!instance) throw new NotFoundError("Marketplace instance");
    const application = await deps.applications.get(input.applicationId, ctx);

    const now = deps.clock.now();
    const item: Item = {
      id: deps.ids.next() as ItemId,
      type,
      organisationId: caller.organisationId.toLowerCase(),
      marketplaceInstanceId: instance.id,
      infuseIotApplicationId: input.applicationId,
      status: "draft",
      createdAt: now,
      updatedAt: now,
      publishedAt: null,
    };
    const state = await deps.unitOfWork.run(async (tx, emit) => {
      await deps.items.insert(tx, item, {
        id: deps.ids.next(),
        fields: metadataFromApplication(application),
      });
      const created = await deps.items.state(item, tx);
      await emit(newEvent(itemCreatedV1.type, "publishing", toItemSnapshot(created, now), now));
      return created;
    });
    ctx.logger.info({ itemId: item.id, applicationId: item.infuseIotApplicationId }, "item created");
    return renderItem(state, deps.assets, ctx);
  };
}
