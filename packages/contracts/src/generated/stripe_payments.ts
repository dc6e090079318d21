import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { CheckoutLineItem as _marketplace_settlements_v1_CheckoutLineItem, CheckoutLineItem__Output as _marketplace_settlements_v1_CheckoutLineItem__Output } from './marketplace/settlements/v1/CheckoutLineItem';
import type { CheckoutSession as _marketplace_settlements_v1_CheckoutSession, CheckoutSession__Output as _marketplace_settlements_v1_CheckoutSession__Output } from './marketplace/settlements/v1/CheckoutSession';
import type { CreateCheckoutSessionRequest as _marketplace_settlements_v1_CreateCheckoutSessionRequest, CreateCheckoutSessionRequest__Output as _marketplace_settlements_v1_CreateCheckoutSessionRequest__Output } from './marketplace/settlements/v1/CreateCheckoutSessionRequest';
import type { CreateRefundRequest as _marketplace_settlements_v1_CreateRefundRequest, CreateRefundRequest__Output as _marketplace_settlements_v1_CreateRefundRequest__Output } from './marketplace/settlements/v1/CreateRefundRequest';
import type { Refund as _marketplace_settlements_v1_Refund, Refund__Output as _marketplace_settlements_v1_Refund__Output } from './marketplace/settlements/v1/Refund';
import type { StripePaymentsServiceClient as _marketplace_settlements_v1_StripePaymentsServiceClient, StripePaymentsServiceDefinition as _marketplace_settlements_v1_StripePaymentsServiceDefinition } from './marketplace/settlements/v1/StripePaymentsService';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  marketplace: {
    settlements: {
      v1: {
        CheckoutLineItem: MessageTypeDefinition<_marketplace_settlements_v1_CheckoutLineItem, _marketplace_settlements_v1_CheckoutLineItem__Output>
        CheckoutSession: MessageTypeDefinition<_marketplace_settlements_v1_CheckoutSession, _marketplace_settlements_v1_CheckoutSession__Output>
        CreateCheckoutSessionRequest: MessageTypeDefinition<_marketplace_settlements_v1_CreateCheckoutSessionRequest, _marketplace_settlements_v1_CreateCheckoutSessionRequest__Output>
        CreateRefundRequest: MessageTypeDefinition<_marketplace_settlements_v1_CreateRefundRequest, _marketplace_settlements_v1_CreateRefundRequest__Output>
        Refund: MessageTypeDefinition<_marketplace_settlements_v1_Refund, _marketplace_settlements_v1_Refund__Output>
        StripePaymentsService: SubtypeConstructor<typeof grpc.Client, _marketplace_settlements_v1_StripePaymentsServiceClient> & { service: _marketplace_settlements_v1_StripePaymentsServiceDefinition }
      }
    }
  }
}

