// Original file: proto/marketplace/webhooks/v1/webhooks.proto


export interface ListDeliveriesRequest {
  'endpointId'?: (string);
  'page'?: (number);
  'pageSize'?: (number);
  'orderBy'?: (string);
  'direction'?: (string);
  /**
   * pending | succeeded | failed; empty: any
   */
  'status'?: (string);
}

export interface ListDeliveriesRequest__Output {
  'endpointId': (string);
  'page': (number);
  'pageSize': (number);
  'orderBy': (string);
  'direction': (string);
  /**
   * pending | succeeded | failed; empty: any
   */
  'status': (string);
}
