import type { PublishingClient } from "../../clients";
import { callUpstream, notImplemented, responses, type ZodApp } from "../route-kit";
import { toDeveloperItem } from "./developer-items.mapper";
import { ApplicationParams, CreateItemBody, DeveloperItem } from "./developer-items.schemas";

/**
 * Linking an IoT application as a marketplace item, over the publishing service. Without the publishing
 * client the route stays documented and answers 501 after authentication and role checks.
 */
export function developerApplicationsRoutes(
  app: ZodApp,
  deps?: { clients: { publishing: PublishingClient } },
): void {
  const client = deps?.clients.publishing;
  app.post(
    "/marketplace/developers/infuse-iot/applications/:applicationId/marketplace-item",
    {
      config: { access: "developer" },
      schema: {
        operationId: "createMarketplaceItem",
        tags: ["Developer applications"],
        summary: "Create a marketplace item from an IoT application",
        description:
          "Creates a `draft` item. Name and description are copied from the application into the first metadata record. An application can be linked once per instance (409 `already-linked`, also under concurrent requests). 404 when the instance is unknown or the application is not the organisation's on the IoT platform.",
        params: ApplicationParams,
        body: CreateItemBody,
        response: responses(
          { 200: DeveloperItem },
          { body: true, notFound: true, conflicts: ["already-linked"], pending: client === undefined },
        ),
      },
    },
    client
      ? async (request) =>
          toDeveloperItem(
            await callUpstream(request, (ctx) =>
              client.call(
                "createItem",
                {
                  applicationId: request.params.applicationId,
                  marketplaceInstanceId: request.body.marketplaceInstanceId,
                  type: request.body.type ?? "app",
                },
                ctx,
              ),
            ),
          )
      : notImplemented,
  );
}
