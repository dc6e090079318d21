// Original file: proto/marketplace/settlements/v1/settlements.proto

import type { ReceivePaymentEventRequest as _marketplace_settlements_v1_ReceivePaymentEventRequest, ReceivePaymentEventRequest__Output as _marketplace_settlements_v1_ReceivePaymentEventRequest__Output } from '../../../marketplace/settlements/v1/ReceivePaymentEventRequest';

export interface ReceivePaymentEventsRequest {
  /**
   * Notifications the gateway received at about the same time, each as it would send it alone.
   */
  'events'?: (_marketplace_settlements_v1_ReceivePaymentEventRequest)[];
}

export interface ReceivePaymentEventsRequest__Output {
  /**
   * Notifications the gateway received at about the same time, each as it would send it alone.
   */
  'events': (_marketplace_settlements_v1_ReceivePaymentEventRequest__Output)[];
}
