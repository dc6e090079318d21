// Original file: proto/marketplace/purchases/v1/rollouts.proto


export interface CancelRolloutRequest {
  'rolloutId'?: (string);
}

export interface CancelRolloutRequest__Output {
  'rolloutId': (string);
}
