import type { PublishingReleasesClient } from "../../clients";
import { callUpstream, notImplemented, responses, type ZodApp } from "../route-kit";
import {
  ApplicationParams,
  ApplicationsQuery,
  IotApplicationList,
  IotReleaseList,
  ItemParams,
  ItemReleasesQuery,
  ReleasesLimitQuery,
  SelectReleaseBody,
} from "./developer-items.schemas";
import {
  toIotApplicationList,
  toIotReleaseList,
  toItemRelease,
  toItemReleasePage,
} from "./developer-releases.mapper";
import { DeveloperItemRelease, DeveloperItemReleasePage } from "./developer-releases.schemas";

const ITEMS = "/marketplace/developers/marketplace-items";
const APPLICATIONS = "/marketplace/developers/infuse-iot/applications";
const developer = { access: "developer" } as const;

/**
 * The developer's IoT applications and releases as the platform knows them (through publishing and the
 * iot-adapter), and the releases selected for an item (copied into object storage). Without the releases
 * client (a caller that does not pass the gateway's clients) the routes stay documented and answer 501.
 */
export function developerReleasesRoutes(
  app: ZodApp,
  deps?: { clients: { publishingReleases: PublishingReleasesClient } },
): void {
  const client = deps?.clients.publishingReleases;
  const pending = client === undefined;

  app.get(
    APPLICATIONS,
    {
      config: developer,
      schema: {
        operationId: "listIotApplications",
        tags: ["Developer applications"],
        summary: "List the organisation's IoT applications",
        description:
          "The caller's organisation's applications on the IoT platform, in the platform's order. With `marketplaceInstanceId`, `marketplaceItemId`/`marketplaceItemStatus` are present on applications that have an item in that instance; without it (or for an instance the organisation has no items in) no application carries them.",
        querystring: ApplicationsQuery,
        response: responses({ 200: IotApplicationList }, { pending }),
      },
    },
    client
      ? async (request) => {
          const { marketplaceInstanceId, limit, offset } = request.query;
          return toIotApplicationList(
            await callUpstream(request, (ctx) =>
              client.call(
                "listIotApplications",
                { marketplaceInstanceId: marketplaceInstanceId ?? "", limit, offset },
                ctx,
              ),
            ),
          );
        }
      : notImplemented,
  );

  app.get(
    `${APPLICATIONS}/:applicationId/releases`,
    {
      config: developer,
      schema: {
        operationId: "listIotReleases",
        tags: ["Developer applications"],
        summary: "List an IoT application's releases",
        description: "404 for an application the organisation does not have on the IoT platform.",
        params: ApplicationParams,
        querystring: ReleasesLimitQuery,
        response: responses({ 200: IotReleaseList }, { notFound: true, pending }),
      },
    },
    client
      ? async (request) =>
          toIotReleaseList(
            await callUpstream(request, (ctx) =>
              client.call(
                "listIotReleases",
                { applicationId: request.params.applicationId, ...request.query },
                ctx,
              ),
            ),
          )
      : notImplemented,
  );

  app.post(
    `${ITEMS}/:id/infuse-iot-releases`,
    {
      config: developer,
      schema: {
        operationId: "selectItemRelease",
        tags: ["Developer items"],
        summary: "Select an IoT release for the item",
        description:
          "The release must belong to the item's application: another application's (or an unknown) release is a 400 on `body.releaseId`, as is a release id of `.`, `..` or containing `/` or `\\`. The answer is `preparing`; the binary is copied into object storage in the background and the release becomes `available` once stored and verified, or `failed` with `failureReason`. Selecting the same release twice, or selecting for a retired item, is a 409 `invalid-state`.",
        params: ItemParams,
        body: SelectReleaseBody,
        response: responses(
          { 200: DeveloperItemRelease },
          { body: true, notFound: true, conflicts: ["invalid-state"], pending },
        ),
      },
    },
    client
      ? async (request) =>
          toItemRelease(
            await callUpstream(request, (ctx) =>
              client.call(
                "selectItemRelease",
                { id: request.params.id, releaseId: request.body.releaseId },
                ctx,
              ),
            ),
          )
      : notImplemented,
  );

  app.get(
    `${ITEMS}/:id/releases`,
    {
      config: developer,
      schema: {
        operationId: "listItemReleases",
        tags: ["Developer items"],
        summary: "List an item's releases",
        description:
          "Every selected release in any status. `orderBy=version` sorts numerically per component (1.10.0 after 1.9.0).",
        params: ItemParams,
        querystring: ItemReleasesQuery,
        response: responses({ 200: DeveloperItemReleasePage }, { notFound: true, pending }),
      },
    },
    client
      ? async (request) =>
          toItemReleasePage(
            await callUpstream(request, (ctx) =>
              client.call("listItemReleases", { id: request.params.id, ...request.query }, ctx),
            ),
          )
      : notImplemented,
  );
}
