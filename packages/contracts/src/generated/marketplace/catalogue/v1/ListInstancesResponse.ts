// Original file: proto/marketplace/catalogue/v1/catalogue.proto

import type { Instance as _marketplace_catalogue_v1_Instance, Instance__Output as _marketplace_catalogue_v1_Instance__Output } from '../../../marketplace/catalogue/v1/Instance';

export interface ListInstancesResponse {
  'items'?: (_marketplace_catalogue_v1_Instance)[];
  'page'?: (number);
  'pageSize'?: (number);
  'totalCount'?: (number);
  'totalPages'?: (number);
}

export interface ListInstancesResponse__Output {
  'items': (_marketplace_catalogue_v1_Instance__Output)[];
  'page': (number);
  'pageSize': (number);
  'totalCount': (number);
  'totalPages': (number);
}
