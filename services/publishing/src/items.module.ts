import { makeKnownInstanceRepository } from "@mp/known-instances";
import type { ModuleDeps } from "@mp/runtime";
import { makeUnitOfWork, systemClock, uuidV7Ids } from "@mp/runtime";
import { makeAddImage } from "./application/add-image";
import { makeAppendMetadata } from "./application/append-metadata";
import { makePublishItem, makeRetireItem, makeUnpublishItem } from "./application/change-item-status";
import { makeCreateItem } from "./application/create-item";
import { makeGetItem } from "./application/get-item";
import { makeListImages } from "./application/list-images";
import { makeListItems } from "./application/list-items";
import { makeListMetadata } from "./application/list-metadata";
import { makeListPrices } from "./application/list-prices";
import { makeOrderImages } from "./application/order-images";
import type { Clock, IdGenerator } from "./application/ports";
import { makeRemoveImage } from "./application/remove-image";
import { makeSetIcon } from "./application/set-icon";
import { makeSetPrice } from "./application/set-price";
import { publishingConfig } from "./config";
import { makeAssetsClient } from "./infra/assets.client";
import { type IotAdapterClient, iotApplications } from "./infra/iot-adapter.client";
import { makeItemRepository } from "./infra/item.repository";
import type { ItemUseCases } from "./transport/publishing.grpc";

const itemsConfig = publishingConfig.pick({ ASSETS_GRPC_URL: true });

/**
 * The items part of publishing (links, metadata, icon, gallery, prices, status), built apart from the
 * releases part so module.ts only mounts it. Its client to assets closes with the module; the iot-adapter channel is shared and owned by module.ts.
 */
export function buildItems(
  deps: ModuleDeps<unknown> & { iotAdapter: IotAdapterClient },
  overrides: { clock?: Clock; ids?: IdGenerator } = {},
): { useCases: ItemUseCases; stop: () => void } {
  const config = itemsConfig.parse(deps.config);
  const assets = makeAssetsClient(config.ASSETS_GRPC_URL, {
    identity: deps.mesh.signer,
    logger: deps.logger,
  });
  const applications = iotApplications(deps.iotAdapter);
  const instances = makeKnownInstanceRepository(deps.pool);
  const core = {
    items: makeItemRepository(deps.pool),
    unitOfWork: makeUnitOfWork(deps.pool),
    clock: overrides.clock ?? systemClock,
    ids: overrides.ids ?? uuidV7Ids,
  };
  const withAssets = { ...core, assets };
  return {
    useCases: {
      createItem: makeCreateItem({ ...withAssets, instances, applications }),
      listItems: makeListItems(withAssets),
      getItem: makeGetItem(withAssets),
      appendMetadata: makeAppendMetadata(withAssets),
      listMetadata: makeListMetadata(core),
      setIcon: makeSetIcon(withAssets),
      listImages: makeListImages(withAssets),
      addImage: makeAddImage(withAssets),
      orderImages: makeOrderImages(withAssets),
      removeImage: makeRemoveImage(core),
      setPrice: makeSetPrice({ ...core, instances }),
      listPrices: makeListPrices(core),
      publishItem: makePublishItem(withAssets),
      unpublishItem: makeUnpublishItem(withAssets),
      retireItem: makeRetireItem(withAssets),
    },
    stop() {
      assets.close();
    },
  };
}
