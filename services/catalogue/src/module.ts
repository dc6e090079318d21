import { fileURLToPath } from "node:url";
import { STREAMS } from "@mp/contracts";
import { makeS3UrlSigner } from "@mp/object-store";
import {
  type ModuleDeps,
  makeUnitOfWork,
  type ServiceModule,
  type ServiceSpec,
  systemClock,
  uuidV7Ids,
} from "@mp/runtime";
import { makeGetListedItem, makeListListedItems } from "./application/browse-catalogue";
import { makeCreateInstance } from "./application/create-instance";
import { makeGetInstance } from "./application/get-instance";
import { makeListInstances } from "./application/list-instances";
import { makeGetOfferedItem, makeListOfferedItems } from "./application/offered-items";
import type { Clock, IdGenerator } from "./application/ports";
import { makeRecordEvents } from "./application/record-events";
import { catalogueConfig } from "./config";
import { makeCatalogueReader } from "./infra/catalogue.reader";
import { makeInstanceRepository } from "./infra/instance.repository";
import { makeReadModelWriter } from "./infra/read-model.writer";
import { emitCatalogueSnapshots } from "./infra/snapshots";
import { CATALOGUE_SERVICE, catalogueGrpc } from "./transport/catalogue.grpc";
import { CATALOGUE_ITEMS_SERVICE, catalogueItemsGrpc } from "./transport/catalogue-items.grpc";
import { readModelConsumers } from "./transport/read-model.consumers";

/** Builds the catalogue from its dependencies; main.ts, the launcher and the tests all go through here. */
export function buildCatalogue(
  deps: ModuleDeps<unknown>,
  overrides: { clock?: Clock; ids?: IdGenerator } = {},
): ServiceModule {
  const instances = makeInstanceRepository(deps.pool);
  const config = catalogueConfig.parse(deps.config);
  const signer = makeS3UrlSigner(config, config.CATALOGUE_ASSET_URL_TTL_SECONDS, overrides.clock);
  const read = { reader: makeCatalogueReader(deps.pool), signer };
  const items = {
    listListedItems: makeListListedItems(read),
    getListedItem: makeGetListedItem(read),
    listOfferedItems: makeListOfferedItems(read),
    getOfferedItem: makeGetOfferedItem(read),
  };
  const useCases = {
    createInstance: makeCreateInstance({
      instances,
      unitOfWork: makeUnitOfWork(deps.pool),
      clock: overrides.clock ?? systemClock,
      ids: overrides.ids ?? uuidV7Ids,
    }),
    getInstance: makeGetInstance({ instances }),
    listInstances: makeListInstances({ instances }),
  };
  return {
    grpc: {
      [CATALOGUE_SERVICE]: catalogueGrpc(useCases, deps.logger),
      [CATALOGUE_ITEMS_SERVICE]: catalogueItemsGrpc(items, deps.logger),
    },
    consumers: readModelConsumers(makeRecordEvents({ writer: makeReadModelWriter() })),
    stop: async () => signer.close(),
  };
}

export const catalogueService: ServiceSpec<typeof catalogueConfig> = {
  name: "catalogue",
  config: catalogueConfig,
  migrationsDir: fileURLToPath(new URL("../migrations", import.meta.url)),
  streams: [STREAMS.CATALOGUE],
  build: (deps) => buildCatalogue(deps),
  snapshot: emitCatalogueSnapshots,
};
