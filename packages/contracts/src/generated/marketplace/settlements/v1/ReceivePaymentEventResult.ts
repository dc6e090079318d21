// Original file: proto/marketplace/settlements/v1/settlements.proto


/**
 * What became of one notification of a batch.
 */
export interface ReceivePaymentEventResult {
  /**
   * True when the event is stored durably (now or before, see `stored`); false when it was refused.
   */
  'accepted'?: (boolean);
  /**
   * The processor's event id (when accepted).
   */
  'eventId'?: (string);
  /**
   * False when the id was stored already (a repeated delivery): nothing was written.
   */
  'stored'?: (boolean);
  /**
   * Why it was refused (when not accepted), e.g. `invalid-signature`; the gateway sends such a
   * notification again alone through ReceivePaymentEvent for the exact error.
   */
  'errorCode'?: (string);
}

/**
 * What became of one notification of a batch.
 */
export interface ReceivePaymentEventResult__Output {
  /**
   * True when the event is stored durably (now or before, see `stored`); false when it was refused.
   */
  'accepted': (boolean);
  /**
   * The processor's event id (when accepted).
   */
  'eventId': (string);
  /**
   * False when the id was stored already (a repeated delivery): nothing was written.
   */
  'stored': (boolean);
  /**
   * Why it was refused (when not accepted), e.g. `invalid-signature`; the gateway sends such a
   * notification again alone through ReceivePaymentEvent for the exact error.
   */
  'errorCode': (string);
}
