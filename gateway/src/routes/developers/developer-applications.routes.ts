import { declarePending, responses, type ZodApp } from "../route-kit";
import { ApplicationParams, CreateItemBody, DeveloperItem } from "./developer-items.schemas";

/** Linking an IoT application as a marketplace item (not built yet). */
export function developerApplicationsRoutes(app: ZodApp): void {
  const tags = ["Developer applications"];
  declarePending(app, {
    method: "POST",
    url: "/marketplace/developers/infuse-iot/applications/:applicationId/marketplace-item",
    access: "developer",
    operationId: "createMarketplaceItem",
    tags,
    summary: "Create a marketplace item from an IoT application",
    description:
      "Name and description are copied from the application into the first metadata record. An application can be linked once per developer instance (409 `already-linked`, also under concurrent requests).",
    params: ApplicationParams,
    body: CreateItemBody,
    response: responses(
      { 200: DeveloperItem },
      { body: true, notFound: true, conflicts: ["already-linked"], pending: true },
    ),
  });
}
