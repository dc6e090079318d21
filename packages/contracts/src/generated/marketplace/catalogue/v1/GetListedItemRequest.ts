// Original file: proto/marketplace/catalogue/v1/catalogue_items.proto


export interface GetListedItemRequest {
  'id'?: (string);
  'marketplaceInstanceId'?: (string);
}

export interface GetListedItemRequest__Output {
  'id': (string);
  'marketplaceInstanceId': (string);
}
