// Original file: proto/marketplace/purchases/v1/rollouts.proto


export interface ListRolloutDevicesRequest {
  'rolloutId'?: (string);
  'page'?: (number);
  'pageSize'?: (number);
  /**
   * Empty: every status.
   */
  'status'?: (string);
  /**
   * asc (the rollout's order, the default) or desc.
   */
  'direction'?: (string);
}

export interface ListRolloutDevicesRequest__Output {
  'rolloutId': (string);
  'page': (number);
  'pageSize': (number);
  /**
   * Empty: every status.
   */
  'status': (string);
  /**
   * asc (the rollout's order, the default) or desc.
   */
  'direction': (string);
}
