// Original file: proto/marketplace/settlements/v1/settlements.proto


export interface ReceivePaymentEventRequest {
  /**
   * The notification's body exactly as the processor sent it: the signature is computed over these bytes.
   */
  'payload'?: (Buffer | Uint8Array | string);
  /**
   * The `Stripe-Signature` header as received; empty when the request had none.
   */
  'signature'?: (string);
}

export interface ReceivePaymentEventRequest__Output {
  /**
   * The notification's body exactly as the processor sent it: the signature is computed over these bytes.
   */
  'payload': (Buffer);
  /**
   * The `Stripe-Signature` header as received; empty when the request had none.
   */
  'signature': (string);
}
