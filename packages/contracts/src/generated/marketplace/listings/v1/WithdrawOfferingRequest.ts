// Original file: proto/marketplace/listings/v1/listings.proto


export interface WithdrawOfferingRequest {
  'instanceId'?: (string);
  'offeringId'?: (string);
}

export interface WithdrawOfferingRequest__Output {
  'instanceId': (string);
  'offeringId': (string);
}
