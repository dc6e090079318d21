import type { PublishingReleasesProto } from "@mp/contracts";
import { loadProto, type ServiceRegistration } from "@mp/grpc";

export const PUBLISHING_RELEASES_SERVICE = "marketplace.publishing.v1.PublishingReleasesService";

/** IoT applications and releases, and item releases; RPCs arrive with the publishing issue. */
export function releasesGrpc(): ServiceRegistration {
  const proto = loadProto<PublishingReleasesProto>("marketplace/publishing/v1/publishing_releases.proto")
    .marketplace.publishing.v1;
  return { definition: proto.PublishingReleasesService.service, implementation: {} };
}
