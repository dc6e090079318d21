// Original file: proto/marketplace/publishing/v1/publishing_releases.proto


export interface ListIotReleasesRequest {
  'applicationId'?: (number);
  /**
   * 1..100, 0 means the default (50).
   */
  'limit'?: (number);
  /**
   * 0..100000.
   */
  'offset'?: (number);
}

export interface ListIotReleasesRequest__Output {
  'applicationId': (number);
  /**
   * 1..100, 0 means the default (50).
   */
  'limit': (number);
  /**
   * 0..100000.
   */
  'offset': (number);
}
