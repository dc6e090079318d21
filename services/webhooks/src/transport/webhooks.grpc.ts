import type { WebhooksProto } from "@mp/contracts";
import type { WebhookEndpointsServiceHandlers } from "@mp/contracts/generated/marketplace/webhooks/v1/WebhookEndpointsService";
import { loadProto, type ServiceRegistration, unaryHandlers } from "@mp/grpc";
import type { Logger } from "@mp/logger";
import type { makeGetEndpoint, makeListDeliveries, makeListEndpoints } from "../application/endpoint-queries";
import type {
  makeCreateEndpoint,
  makeDeleteEndpoint,
  makeRotateSecret,
  makeUpdateEndpoint,
} from "../application/manage-endpoints";
import type { makeReplayDelivery } from "../application/replay-delivery";
import { toDeliveryMessage, toDeliveryPage, toEndpointMessage, toEndpointPage } from "./webhooks.mapper";

export const WEBHOOKS_SERVICE = "marketplace.webhooks.v1.WebhookEndpointsService";

export interface WebhooksUseCases {
  createEndpoint: ReturnType<typeof makeCreateEndpoint>;
  listEndpoints: ReturnType<typeof makeListEndpoints>;
  getEndpoint: ReturnType<typeof makeGetEndpoint>;
  updateEndpoint: ReturnType<typeof makeUpdateEndpoint>;
  deleteEndpoint: ReturnType<typeof makeDeleteEndpoint>;
  rotateSecret: ReturnType<typeof makeRotateSecret>;
  listDeliveries: ReturnType<typeof makeListDeliveries>;
  replayDelivery: ReturnType<typeof makeReplayDelivery>;
}

export function webhooksGrpc(u: WebhooksUseCases, logger: Logger): ServiceRegistration {
  const proto = loadProto<WebhooksProto>("marketplace/webhooks/v1/webhooks.proto").marketplace.webhooks.v1;
  const withSecret = ({ endpoint, secret }: Awaited<ReturnType<WebhooksUseCases["createEndpoint"]>>) => ({
    endpoint: toEndpointMessage(endpoint),
    secret,
  });
  const implementation = unaryHandlers<WebhookEndpointsServiceHandlers>(
    "webhooks",
    {
      CreateEndpoint: async (request, ctx) => withSecret(await u.createEndpoint(request, ctx)),
      ListEndpoints: async (request, ctx) => toEndpointPage(await u.listEndpoints(request, ctx)),
      GetEndpoint: async (request, ctx) => toEndpointMessage(await u.getEndpoint(request, ctx)),
      UpdateEndpoint: async (request, ctx) =>
        toEndpointMessage(
          await u.updateEndpoint(
            {
              id: request.id,
              url: request.url,
              events: request.eventsGiven ? request.events : undefined,
              description: request.description,
              enabled: request.enabled,
            },
            ctx,
          ),
        ),
      DeleteEndpoint: async (request, ctx) => {
        await u.deleteEndpoint(request, ctx);
        return {};
      },
      RotateSecret: async (request, ctx) => withSecret(await u.rotateSecret(request, ctx)),
      ListDeliveries: async (request, ctx) => toDeliveryPage(await u.listDeliveries(request, ctx)),
      ReplayDelivery: async (request, ctx) => toDeliveryMessage(await u.replayDelivery(request, ctx)),
    },
    logger,
  );
  return { definition: proto.WebhookEndpointsService.service, implementation };
}
