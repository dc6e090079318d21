import type { CatalogueClient } from "../../clients";
import { mappedBodySerializerCompiler } from "../../plugins/response-serializer";
import { callUpstream, responses, type ZodApp } from "../route-kit";
import { toInstance, toInstancePage } from "./instances.mapper";
import {
  CreateInstanceBody,
  Instance,
  InstancePage,
  InstanceParams,
  ListInstancesQuery,
} from "./instances.schemas";

const READABLE =
  "Instances are the shared scopes developers and providers work in, so any authenticated caller can read them.";

/** Marketplace instances, over the catalogue service (offerings are in offerings.routes.ts). */
export function instancesRoutes(app: ZodApp, deps: { catalogue: CatalogueClient }): void {
  const tags = ["Instances"];
  app.post(
    "/marketplace/instances",
    {
      config: { access: "admin" },
      schema: {
        operationId: "createInstance",
        tags,
        summary: "Create a marketplace instance",
        description:
          "Admin only. The instance is owned by the caller's organisation. A creation is done once per request id: repeating the request with the same `X-Request-Id` (an ingress resending it after a gateway failed, a client retrying after an unclear answer) answers 200 with the instance the first one created; the same `X-Request-Id` with other values is 409 `request-id-reused` (with `instanceId`).",
        body: CreateInstanceBody,
        response: responses({ 200: Instance }, { body: true, conflicts: ["request-id-reused"] }),
      },
    },
    async (request) =>
      toInstance(
        await callUpstream(request, (ctx) => deps.catalogue.call("createInstance", request.body, ctx)),
      ),
  );

  app.get(
    "/marketplace/instances",
    {
      // The body is the mapper's page, written as it is (see mappedBodySerializerCompiler).
      serializerCompiler: mappedBodySerializerCompiler,
      schema: {
        operationId: "listInstances",
        tags,
        summary: "List marketplace instances",
        description: READABLE,
        querystring: ListInstancesQuery,
        response: responses({ 200: InstancePage }),
      },
    },
    async (request) =>
      toInstancePage(
        await callUpstream(request, (ctx) => deps.catalogue.call("listInstances", request.query, ctx)),
      ),
  );

  app.get(
    "/marketplace/instances/:id",
    {
      schema: {
        operationId: "getInstance",
        tags,
        summary: "Read a marketplace instance",
        description: READABLE,
        params: InstanceParams,
        response: responses({ 200: Instance }, { notFound: true }),
      },
    },
    async (request) =>
      toInstance(
        await callUpstream(request, (ctx) =>
          deps.catalogue.call("getInstance", { id: request.params.id }, ctx),
        ),
      ),
  );
}
