import type { CatalogueClient } from "../../clients";
import { NoContent } from "../common.schemas";
import { callUpstream, notImplemented, responses, type ZodApp } from "../route-kit";
import { toInstance, toInstancePage } from "./instances.mapper";
import {
  CreateInstanceBody,
  CreateOfferingBody,
  Instance,
  InstancePage,
  InstanceParams,
  InstanceScopedParams,
  ListInstancesQuery,
  ListOfferingsQuery,
  Offering,
  OfferingPage,
  OfferingParams,
} from "./instances.schemas";

const READABLE =
  "Instances are the shared scopes developers and providers work in, so any authenticated caller can read them.";

/** Marketplace instances (built, over the catalogue service) and their offerings (admin; not built yet). */
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
        description: "Admin only. The instance is owned by the caller's organisation.",
        body: CreateInstanceBody,
        response: responses({ 200: Instance }, { body: true }),
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

  const offeringTags = ["Offerings"];
  app.post(
    "/marketplace/instances/:instanceId/offerings",
    {
      config: { access: "admin" },
      schema: {
        operationId: "createOffering",
        tags: offeringTags,
        summary: "Offer a published item in an instance",
        description:
          "Admin only. Only a `published` item of the same instance can be offered; offering it again returns the active offering.",
        params: InstanceScopedParams,
        body: CreateOfferingBody,
        response: responses(
          { 200: Offering },
          { body: true, notFound: true, conflicts: ["invalid-state"], pending: true },
        ),
      },
    },
    notImplemented,
  );

  app.get(
    "/marketplace/instances/:instanceId/offerings",
    {
      config: { access: "admin" },
      schema: {
        operationId: "listOfferings",
        tags: offeringTags,
        summary: "List an instance's offerings",
        description: "Admin only.",
        params: InstanceScopedParams,
        querystring: ListOfferingsQuery,
        response: responses({ 200: OfferingPage }, { notFound: true, pending: true }),
      },
    },
    notImplemented,
  );

  app.delete(
    "/marketplace/instances/:instanceId/offerings/:offeringId",
    {
      config: { access: "admin" },
      schema: {
        operationId: "withdrawOffering",
        tags: offeringTags,
        summary: "Withdraw an offering",
        description:
          "Admin only. Providers can no longer create listings for the item; its existing listings are disabled.",
        params: OfferingParams,
        response: responses({ 204: NoContent }, { notFound: true, pending: true }),
      },
    },
    notImplemented,
  );
}
