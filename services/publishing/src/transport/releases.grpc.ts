import type { PublishingReleasesProto } from "@mp/contracts";
import type { PublishingReleasesServiceHandlers } from "@mp/contracts/generated/marketplace/publishing/v1/PublishingReleasesService";
import { loadProto, type ServiceRegistration, unaryHandlers } from "@mp/grpc";
import type { Logger } from "@mp/logger";
import type { makeListIotReleaseApplications } from "../application/list-iot-release-applications";
import type { makeListIotReleases } from "../application/list-iot-releases";
import type { makeListItemReleases } from "../application/list-item-releases";
import type { makeSelectRelease } from "../application/select-release";
import {
  toIotApplicationMessage,
  toIotReleaseMessage,
  toItemReleaseMessage,
  toItemReleasePageMessage,
} from "./releases.mapper";

export const PUBLISHING_RELEASES_SERVICE = "marketplace.publishing.v1.PublishingReleasesService";

export interface ReleaseUseCases {
  listIotApplications: ReturnType<typeof makeListIotReleaseApplications>;
  listIotReleases: ReturnType<typeof makeListIotReleases>;
  selectRelease: ReturnType<typeof makeSelectRelease>;
  listItemReleases: ReturnType<typeof makeListItemReleases>;
}

/** IoT applications and releases (through the iot-adapter) and item releases, for the developer routes. */
export function releasesGrpc(useCases: ReleaseUseCases, logger: Logger): ServiceRegistration {
  const proto = loadProto<PublishingReleasesProto>("marketplace/publishing/v1/publishing_releases.proto")
    .marketplace.publishing.v1;
  const implementation = unaryHandlers<PublishingReleasesServiceHandlers>(
    "publishing",
    {
      ListIotApplications: async (request, ctx) => {
        const page = await useCases.listIotApplications(request, ctx);
        return { ...page, items: page.items.map(toIotApplicationMessage) };
      },
      ListIotReleases: async (request, ctx) => {
        const page = await useCases.listIotReleases(request, ctx);
        return { ...page, items: page.items.map(toIotReleaseMessage) };
      },
      SelectItemRelease: async (request, ctx) =>
        toItemReleaseMessage(await useCases.selectRelease(request, ctx)),
      ListItemReleases: async (request, ctx) =>
        toItemReleasePageMessage(await useCases.listItemReleases(request, ctx)),
    },
    logger,
  );
  return { definition: proto.PublishingReleasesService.service, implementation };
}
