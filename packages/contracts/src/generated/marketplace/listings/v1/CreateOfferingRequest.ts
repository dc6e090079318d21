// Original file: proto/marketplace/listings/v1/listings.proto


export interface CreateOfferingRequest {
  'instanceId'?: (string);
  'marketplaceItemId'?: (string);
}

export interface CreateOfferingRequest__Output {
  'instanceId': (string);
  'marketplaceItemId': (string);
}
