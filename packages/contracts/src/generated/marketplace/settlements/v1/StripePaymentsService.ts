// Original file: proto/marketplace/settlements/v1/stripe_payments.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CheckoutSession as _marketplace_settlements_v1_CheckoutSession, CheckoutSession__Output as _marketplace_settlements_v1_CheckoutSession__Output } from '../../../marketplace/settlements/v1/CheckoutSession';
import type { CreateCheckoutSessionRequest as _marketplace_settlements_v1_CreateCheckoutSessionRequest, CreateCheckoutSessionRequest__Output as _marketplace_settlements_v1_CreateCheckoutSessionRequest__Output } from '../../../marketplace/settlements/v1/CreateCheckoutSessionRequest';
import type { CreateRefundRequest as _marketplace_settlements_v1_CreateRefundRequest, CreateRefundRequest__Output as _marketplace_settlements_v1_CreateRefundRequest__Output } from '../../../marketplace/settlements/v1/CreateRefundRequest';
import type { Refund as _marketplace_settlements_v1_Refund, Refund__Output as _marketplace_settlements_v1_Refund__Output } from '../../../marketplace/settlements/v1/Refund';

export interface StripePaymentsServiceClient extends grpc.Client {
  /**
   * Creates a Stripe Checkout Session (mode payment, one line item, quantity 1). Only purchases calls
   * it, as itself, after it checked the listing, the device and earlier purchases. Stripe unreachable:
   * upstream-unavailable.
   */
  CreateCheckoutSession(argument: _marketplace_settlements_v1_CreateCheckoutSessionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_settlements_v1_CheckoutSession__Output>): grpc.ClientUnaryCall;
  CreateCheckoutSession(argument: _marketplace_settlements_v1_CreateCheckoutSessionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_settlements_v1_CheckoutSession__Output>): grpc.ClientUnaryCall;
  CreateCheckoutSession(argument: _marketplace_settlements_v1_CreateCheckoutSessionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_settlements_v1_CheckoutSession__Output>): grpc.ClientUnaryCall;
  CreateCheckoutSession(argument: _marketplace_settlements_v1_CreateCheckoutSessionRequest, callback: grpc.requestCallback<_marketplace_settlements_v1_CheckoutSession__Output>): grpc.ClientUnaryCall;
  /**
   * Creates a Stripe Checkout Session (mode payment, one line item, quantity 1). Only purchases calls
   * it, as itself, after it checked the listing, the device and earlier purchases. Stripe unreachable:
   * upstream-unavailable.
   */
  createCheckoutSession(argument: _marketplace_settlements_v1_CreateCheckoutSessionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_settlements_v1_CheckoutSession__Output>): grpc.ClientUnaryCall;
  createCheckoutSession(argument: _marketplace_settlements_v1_CreateCheckoutSessionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_settlements_v1_CheckoutSession__Output>): grpc.ClientUnaryCall;
  createCheckoutSession(argument: _marketplace_settlements_v1_CreateCheckoutSessionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_settlements_v1_CheckoutSession__Output>): grpc.ClientUnaryCall;
  createCheckoutSession(argument: _marketplace_settlements_v1_CreateCheckoutSessionRequest, callback: grpc.requestCallback<_marketplace_settlements_v1_CheckoutSession__Output>): grpc.ClientUnaryCall;
  
  /**
   * Creates a Stripe refund of a payment intent. Only purchases calls it, as itself. Stripe refusing the
   * amount (more than the charge's remainder): refund-exceeds-remaining.
   */
  CreateRefund(argument: _marketplace_settlements_v1_CreateRefundRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_settlements_v1_Refund__Output>): grpc.ClientUnaryCall;
  CreateRefund(argument: _marketplace_settlements_v1_CreateRefundRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_settlements_v1_Refund__Output>): grpc.ClientUnaryCall;
  CreateRefund(argument: _marketplace_settlements_v1_CreateRefundRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_settlements_v1_Refund__Output>): grpc.ClientUnaryCall;
  CreateRefund(argument: _marketplace_settlements_v1_CreateRefundRequest, callback: grpc.requestCallback<_marketplace_settlements_v1_Refund__Output>): grpc.ClientUnaryCall;
  /**
   * Creates a Stripe refund of a payment intent. Only purchases calls it, as itself. Stripe refusing the
   * amount (more than the charge's remainder): refund-exceeds-remaining.
   */
  createRefund(argument: _marketplace_settlements_v1_CreateRefundRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_settlements_v1_Refund__Output>): grpc.ClientUnaryCall;
  createRefund(argument: _marketplace_settlements_v1_CreateRefundRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_marketplace_settlements_v1_Refund__Output>): grpc.ClientUnaryCall;
  createRefund(argument: _marketplace_settlements_v1_CreateRefundRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_marketplace_settlements_v1_Refund__Output>): grpc.ClientUnaryCall;
  createRefund(argument: _marketplace_settlements_v1_CreateRefundRequest, callback: grpc.requestCallback<_marketplace_settlements_v1_Refund__Output>): grpc.ClientUnaryCall;
  
}

export interface StripePaymentsServiceHandlers extends grpc.UntypedServiceImplementation {
  /**
   * Creates a Stripe Checkout Session (mode payment, one line item, quantity 1). Only purchases calls
   * it, as itself, after it checked the listing, the device and earlier purchases. Stripe unreachable:
   * upstream-unavailable.
   */
  CreateCheckoutSession: grpc.handleUnaryCall<_marketplace_settlements_v1_CreateCheckoutSessionRequest__Output, _marketplace_settlements_v1_CheckoutSession>;
  
  /**
   * Creates a Stripe refund of a payment intent. Only purchases calls it, as itself. Stripe refusing the
   * amount (more than the charge's remainder): refund-exceeds-remaining.
   */
  CreateRefund: grpc.handleUnaryCall<_marketplace_settlements_v1_CreateRefundRequest__Output, _marketplace_settlements_v1_Refund>;
  
}

export interface StripePaymentsServiceDefinition extends grpc.ServiceDefinition {
  CreateCheckoutSession: MethodDefinition<_marketplace_settlements_v1_CreateCheckoutSessionRequest, _marketplace_settlements_v1_CheckoutSession, _marketplace_settlements_v1_CreateCheckoutSessionRequest__Output, _marketplace_settlements_v1_CheckoutSession__Output>
  CreateRefund: MethodDefinition<_marketplace_settlements_v1_CreateRefundRequest, _marketplace_settlements_v1_Refund, _marketplace_settlements_v1_CreateRefundRequest__Output, _marketplace_settlements_v1_Refund__Output>
}
