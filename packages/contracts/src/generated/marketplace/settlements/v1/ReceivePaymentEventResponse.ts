// Original file: proto/marketplace/settlements/v1/settlements.proto


export interface ReceivePaymentEventResponse {
  /**
   * The processor's event id.
   */
  'eventId'?: (string);
  /**
   * False when the id was stored already (a repeated delivery): nothing was written.
   */
  'stored'?: (boolean);
}

export interface ReceivePaymentEventResponse__Output {
  /**
   * The processor's event id.
   */
  'eventId': (string);
  /**
   * False when the id was stored already (a repeated delivery): nothing was written.
   */
  'stored': (boolean);
}
