// Original file: proto/marketplace/settlements/v1/settlements.proto

import type { ReceivePaymentEventResult as _marketplace_settlements_v1_ReceivePaymentEventResult, ReceivePaymentEventResult__Output as _marketplace_settlements_v1_ReceivePaymentEventResult__Output } from '../../../marketplace/settlements/v1/ReceivePaymentEventResult';

export interface ReceivePaymentEventsResponse {
  /**
   * One result per request event, in the same order.
   */
  'results'?: (_marketplace_settlements_v1_ReceivePaymentEventResult)[];
}

export interface ReceivePaymentEventsResponse__Output {
  /**
   * One result per request event, in the same order.
   */
  'results': (_marketplace_settlements_v1_ReceivePaymentEventResult__Output)[];
}
