// Original file: proto/marketplace/publishing/v1/publishing_releases.proto


export interface ListIotApplicationsRequest {
  /**
   * Instance whose item links to report; empty reports no links.
   */
  'marketplaceInstanceId'?: (string);
  /**
   * 1..100, 0 means the default (50).
   */
  'limit'?: (number);
  /**
   * 0..100000.
   */
  'offset'?: (number);
}

export interface ListIotApplicationsRequest__Output {
  /**
   * Instance whose item links to report; empty reports no links.
   */
  'marketplaceInstanceId': (string);
  /**
   * 1..100, 0 means the default (50).
   */
  'limit': (number);
  /**
   * 0..100000.
   */
  'offset': (number);
}
