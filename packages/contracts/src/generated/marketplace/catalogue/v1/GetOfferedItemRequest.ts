// Original file: proto/marketplace/catalogue/v1/catalogue_items.proto


export interface GetOfferedItemRequest {
  'id'?: (string);
}

export interface GetOfferedItemRequest__Output {
  'id': (string);
}
