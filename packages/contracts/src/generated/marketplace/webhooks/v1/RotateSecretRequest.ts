// Original file: proto/marketplace/webhooks/v1/webhooks.proto


export interface RotateSecretRequest {
  'id'?: (string);
}

export interface RotateSecretRequest__Output {
  'id': (string);
}
