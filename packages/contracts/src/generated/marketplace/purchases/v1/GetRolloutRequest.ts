// Original file: proto/marketplace/purchases/v1/rollouts.proto


export interface GetRolloutRequest {
  'rolloutId'?: (string);
}

export interface GetRolloutRequest__Output {
  'rolloutId': (string);
}
