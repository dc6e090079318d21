// Original file: proto/marketplace/purchases/v1/purchases.proto


export interface CreateCheckoutSessionRequest {
  'marketplaceItemId'?: (string);
  'marketplaceInstanceId'?: (string);
  /**
   * 16 hex characters: the device the purchase is for.
   */
  'deviceId'?: (string);
  'successUrl'?: (string);
  'cancelUrl'?: (string);
  /**
   * Empty: the hosted page asks for it.
   */
  'customerEmail'?: (string);
}

export interface CreateCheckoutSessionRequest__Output {
  'marketplaceItemId': (string);
  'marketplaceInstanceId': (string);
  /**
   * 16 hex characters: the device the purchase is for.
   */
  'deviceId': (string);
  'successUrl': (string);
  'cancelUrl': (string);
  /**
   * Empty: the hosted page asks for it.
   */
  'customerEmail': (string);
}
