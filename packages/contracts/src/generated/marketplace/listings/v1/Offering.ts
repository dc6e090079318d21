// Original file: proto/marketplace/listings/v1/listings.proto


/**
 * A published item an instance's admin made available for listing.
 */
export interface Offering {
  'id'?: (string);
  'marketplaceInstanceId'?: (string);
  'marketplaceItemId'?: (string);
  'createdAt'?: (string);
  'withdrawnAt'?: (string);
  '_withdrawnAt'?: "withdrawnAt";
}

/**
 * A published item an instance's admin made available for listing.
 */
export interface Offering__Output {
  'id': (string);
  'marketplaceInstanceId': (string);
  'marketplaceItemId': (string);
  'createdAt': (string);
  'withdrawnAt'?: (string);
  '_withdrawnAt'?: "withdrawnAt";
}
