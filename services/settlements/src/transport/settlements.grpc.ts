import type { SettlementsProto } from "@mp/contracts";
import type { SettlementsServiceHandlers } from "@mp/contracts/generated/marketplace/settlements/v1/SettlementsService";
import { loadProto, type ServiceRegistration, unaryHandlers } from "@mp/grpc";
import type { Logger } from "@mp/logger";
import type { makeReceivePaymentEvent, makeReceivePaymentEvents } from "../application/receive-payment-event";

export const SETTLEMENTS_SERVICE = "marketplace.settlements.v1.SettlementsService";

export function settlementsGrpc(
  useCases: {
    receivePaymentEvent: ReturnType<typeof makeReceivePaymentEvent>;
    receivePaymentEvents: ReturnType<typeof makeReceivePaymentEvents>;
  },
  logger: Logger,
): ServiceRegistration {
  const proto = loadProto<SettlementsProto>("marketplace/settlements/v1/settlements.proto").marketplace
    .settlements.v1;
  const implementation = unaryHandlers<SettlementsServiceHandlers>(
    "settlements",
    {
      ReceivePaymentEvent: (request, ctx) =>
        useCases.receivePaymentEvent({ payload: request.payload, signature: request.signature }, ctx),
      ReceivePaymentEvents: async (request, ctx) => ({
        results: (await useCases.receivePaymentEvents({ events: request.events }, ctx)).map((r) =>
          r.accepted
            ? { accepted: true, eventId: r.eventId, stored: r.stored, errorCode: "" }
            : { accepted: false, eventId: "", stored: false, errorCode: r.errorCode },
        ),
      }),
    },
    logger,
  );
  return { definition: proto.SettlementsService.service, implementation };
}
