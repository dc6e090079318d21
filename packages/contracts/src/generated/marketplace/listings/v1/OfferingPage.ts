// Original file: proto/marketplace/listings/v1/listings.proto

import type { Offering as _marketplace_listings_v1_Offering, Offering__Output as _marketplace_listings_v1_Offering__Output } from '../../../marketplace/listings/v1/Offering';

export interface OfferingPage {
  'items'?: (_marketplace_listings_v1_Offering)[];
  'page'?: (number);
  'pageSize'?: (number);
  'totalCount'?: (number);
  'totalPages'?: (number);
}

export interface OfferingPage__Output {
  'items': (_marketplace_listings_v1_Offering__Output)[];
  'page': (number);
  'pageSize': (number);
  'totalCount': (number);
  'totalPages': (number);
}
