// Original file: proto/marketplace/listings/v1/listings.proto


/**
 * An instance listings learned of through catalogue.instance.created.v1.
 */
export interface InstanceReference {
  'id'?: (string);
  'defaultCurrency'?: (string);
  'learnedAt'?: (string);
}

/**
 * An instance listings learned of through catalogue.instance.created.v1.
 */
export interface InstanceReference__Output {
  'id': (string);
  'defaultCurrency': (string);
  'learnedAt': (string);
}
