import type { ListingsClient } from "../../clients";
import { NoContent } from "../common.schemas";
import { callUpstream, responses, type ZodApp } from "../route-kit";
import { toOffering, toOfferingPage } from "./offerings.mapper";
import {
  CreateOfferingBody,
  InstanceScopedParams,
  ListOfferingsQuery,
  Offering,
  OfferingPage,
  OfferingParams,
} from "./offerings.schemas";

const ADMIN_OF_OWNER =
  "Admin of the instance's owner organisation only: another organisation's instance answers 404 like an unknown one.";

/** An instance's offerings, over the listings service (admin of the instance's owner). */
export function offeringsRoutes(app: ZodApp, deps: { listings: ListingsClient }): void {
  const tags = ["Offerings"];
  app.post(
    "/marketplace/instances/:instanceId/offerings",
    {
      config: { access: "admin" },
      schema: {
        operationId: "createOffering",
        tags,
        summary: "Offer a published item in an instance",
        description: `${ADMIN_OF_OWNER} Only a \`published\` item of the same instance can be offered (409 \`invalid-state\` with the item's \`state\` otherwise; an item of another instance is 404); offering it again returns the active offering (same id).`,
        params: InstanceScopedParams,
        body: CreateOfferingBody,
        response: responses({ 200: Offering }, { body: true, notFound: true, conflicts: ["invalid-state"] }),
      },
    },
    async (request) =>
      toOffering(
        await callUpstream(request, (ctx) =>
          deps.listings.call(
            "createOffering",
            { instanceId: request.params.instanceId, marketplaceItemId: request.body.marketplaceItemId },
            ctx,
          ),
        ),
      ),
  );

  app.get(
    "/marketplace/instances/:instanceId/offerings",
    {
      config: { access: "admin" },
      schema: {
        operationId: "listOfferings",
        tags,
        summary: "List an instance's offerings",
        description: `${ADMIN_OF_OWNER} Active and withdrawn offerings.`,
        params: InstanceScopedParams,
        querystring: ListOfferingsQuery,
        response: responses({ 200: OfferingPage }, { notFound: true }),
      },
    },
    async (request) =>
      toOfferingPage(
        await callUpstream(request, (ctx) =>
          deps.listings.call(
            "listOfferings",
            { instanceId: request.params.instanceId, ...request.query },
            ctx,
          ),
        ),
      ),
  );

  app.delete(
    "/marketplace/instances/:instanceId/offerings/:offeringId",
    {
      config: { access: "admin" },
      schema: {
        operationId: "withdrawOffering",
        tags,
        summary: "Withdraw an offering",
        description: `${ADMIN_OF_OWNER} Providers can no longer create listings for the item; its existing listings are disabled. Withdrawing a withdrawn offering answers 204 again.`,
        params: OfferingParams,
        response: responses({ 204: NoContent }, { notFound: true }),
      },
    },
    async (request, reply) => {
      await callUpstream(request, (ctx) => deps.listings.call("withdrawOffering", request.params, ctx));
      return reply.code(204).send();
    },
  );
}
