// Original file: proto/marketplace/listings/v1/listings.proto


export interface ListOfferingsRequest {
  'instanceId'?: (string);
  'page'?: (number);
  'pageSize'?: (number);
  'orderBy'?: (string);
  'direction'?: (string);
}

export interface ListOfferingsRequest__Output {
  'instanceId': (string);
  'page': (number);
  'pageSize': (number);
  'orderBy': (string);
  'direction': (string);
}
