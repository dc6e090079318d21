// Original file: proto/marketplace/purchases/v1/rollouts.proto


export interface ListRolloutDevicesRequest {
  'rolloutId'?: (string);
  'page'?: (number);
  'pageSize'?: (number);
  /**
   * Empty: every status.
   */
  'status'?: (string);
}

export interface ListRolloutDevicesRequest__Output {
  'rolloutId': (string);
  'page': (number);
  'pageSize': (number);
  /**
   * Empty: every status.
   */
  'status': (string);
}
