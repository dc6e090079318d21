// Original file: proto/marketplace/publishing/v1/publishing.proto


/**
 * An instance publishing learned of through catalogue.instance.created.v1.
 */
export interface InstanceReference {
  'id'?: (string);
  'defaultCurrency'?: (string);
  'learnedAt'?: (string);
}

/**
 * An instance publishing learned of through catalogue.instance.created.v1.
 */
export interface InstanceReference__Output {
  'id': (string);
  'defaultCurrency': (string);
  'learnedAt': (string);
}
