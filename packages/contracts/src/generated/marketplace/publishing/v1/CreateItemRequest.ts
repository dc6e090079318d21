// Original file: proto/marketplace/publishing/v1/publishing.proto


export interface CreateItemRequest {
  'applicationId'?: (number);
  'marketplaceInstanceId'?: (string);
  /**
   * app (default when empty) | algorithm
   */
  'type'?: (string);
}

export interface CreateItemRequest__Output {
  'applicationId': (number);
  'marketplaceInstanceId': (string);
  /**
   * app (default when empty) | algorithm
   */
  'type': (string);
}
