import { fileURLToPath } from "node:url";
import { STREAMS } from "@mp/contracts";
import {
  type ModuleDeps,
  makeUnitOfWork,
  type ServiceModule,
  type ServiceSpec,
  systemClock,
  uuidV7Ids,
} from "@mp/runtime";
import { makeCreateInstance } from "./application/create-instance";
import { makeGetInstance } from "./application/get-instance";
import { makeListInstances } from "./application/list-instances";
import type { Clock, IdGenerator } from "./application/ports";
import { catalogueConfig } from "./config";
import { makeInstanceRepository } from "./infra/instance.repository";
import { emitCatalogueSnapshots } from "./infra/snapshots";
import { CATALOGUE_SERVICE, catalogueGrpc } from "./transport/catalogue.grpc";

/** Builds the catalogue from its dependencies; main.ts, the launcher and the tests all go through here. */
export function buildCatalogue(
  deps: ModuleDeps<unknown>,
  overrides: { clock?: Clock; ids?: IdGenerator } = {},
): ServiceModule {
  const instances = makeInstanceRepository(deps.pool);
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
  return { grpc: { [CATALOGUE_SERVICE]: catalogueGrpc(useCases, deps.logger) } };
}

export const catalogueService: ServiceSpec<typeof catalogueConfig> = {
  name: "catalogue",
  config: catalogueConfig,
  migrationsDir: fileURLToPath(new URL("../migrations", import.meta.url)),
  streams: [STREAMS.CATALOGUE],
  build: (deps) => buildCatalogue(deps),
  snapshot: emitCatalogueSnapshots,
};
