// Original file: proto/marketplace/purchases/v1/rollouts.proto


export interface ListRolloutsRequest {
  'page'?: (number);
  'pageSize'?: (number);
  'orderBy'?: (string);
  'direction'?: (string);
  /**
   * Empty: every status.
   */
  'status'?: (string);
}

export interface ListRolloutsRequest__Output {
  'page': (number);
  'pageSize': (number);
  'orderBy': (string);
  'direction': (string);
  /**
   * Empty: every status.
   */
  'status': (string);
}
