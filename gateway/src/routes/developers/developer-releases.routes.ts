import { declarePending, responses, type ZodApp } from "../route-kit";
import { ItemRelease } from "../shared/item.schemas";
import {
  ApplicationParams,
  ApplicationsQuery,
  IotApplicationList,
  IotReleaseList,
  ItemParams,
  ItemReleasePage,
  ItemReleasesQuery,
  ReleasesLimitQuery,
  SelectReleaseBody,
} from "./developer-items.schemas";

const ITEMS = "/marketplace/developers/marketplace-items";

/**
 * The developer's IoT applications and releases as the platform knows them, and the releases selected
 * for an item (copied into object storage). Not built yet.
 */
export function developerReleasesRoutes(app: ZodApp): void {
  declarePending(app, {
    method: "GET",
    url: "/marketplace/developers/infuse-iot/applications",
    access: "developer",
    operationId: "listIotApplications",
    tags: ["Developer applications"],
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
    tags: ["Developer applications"],
    summary: "List an IoT application's releases",
    params: ApplicationParams,
    querystring: ReleasesLimitQuery,
    response: responses({ 200: IotReleaseList }, { notFound: true, pending: true }),
  });
  declarePending(app, {
    method: "POST",
    url: `${ITEMS}/:id/infuse-iot-releases`,
    access: "developer",
    operationId: "selectItemRelease",
    tags: ["Developer items"],
    summary: "Select an IoT release for the item",
    description:
      "The release must belong to the item's application; its binary is copied into object storage and the release is `available` once stored and verified. Selecting the same release twice is a 409.",
    params: ItemParams,
    body: SelectReleaseBody,
    response: responses(
      { 200: ItemRelease },
      { body: true, notFound: true, conflicts: ["invalid-state"], pending: true },
    ),
  });
  declarePending(app, {
    method: "GET",
    url: `${ITEMS}/:id/releases`,
    access: "developer",
    operationId: "listItemReleases",
    tags: ["Developer items"],
    summary: "List an item's releases",
    params: ItemParams,
    querystring: ItemReleasesQuery,
    response: responses({ 200: ItemReleasePage }, { notFound: true, pending: true }),
  });
}
