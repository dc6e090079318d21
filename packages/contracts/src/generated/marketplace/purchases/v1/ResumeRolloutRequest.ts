// Original file: proto/marketplace/purchases/v1/rollouts.proto


export interface ResumeRolloutRequest {
  'rolloutId'?: (string);
}

export interface ResumeRolloutRequest__Output {
  'rolloutId': (string);
}
