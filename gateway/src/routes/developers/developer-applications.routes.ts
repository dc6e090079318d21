import { declarePending, responses, type ZodApp } from "../route-kit";
import {
  ApplicationParams,
  ApplicationsQuery,
  CreateItemBody,
  DeveloperItem,
  IotApplicationList,
  IotReleaseList,
  ReleasesLimitQuery,
} from "./developer-items.schemas";

/** The developer's view of its IoT platform applications, and linking one as an item (not built yet). */
export function developerApplicationsRoutes(app: ZodApp): void {
  const tags = ["Developer applications"];
  declarePending(app, {
    method: "GET",
    url: "/marketplace/developers/infuse-iot/applications",
    access: "developer",
    operationId: "listIotApplications",
    tags,
    summary: "List the organisation's IoT applications",
    description:
      "`marketplaceItemId`/`marketplaceItemStatus` are present when the application has an item in the instance.",
    querystring: ApplicationsQuery,
    response: responses({ 200: IotApplicationList }, { pending: true }),
  });
  declarePending(app, {
    method: "GET",
    url: "/marketplace/developers/infuse-iot/applications/:applicationId/releases",
    access: "developer",
    operationId: "listIotReleases",
    tags,
    summary: "List an IoT application's releases",
    params: ApplicationParams,
    querystring: ReleasesLimitQuery,
    response: responses({ 200: IotReleaseList }, { notFound: true, pending: true }),
  });
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
