// Original file: proto/marketplace/webhooks/v1/webhooks.proto


/**
 * An endpoint as the API shows it; its secrets are never part of it.
 */
export interface WebhookEndpoint {
  'id'?: (string);
  'organisationId'?: (string);
  'url'?: (string);
  'events'?: (string)[];
  'description'?: (string);
  'enabled'?: (boolean);
  /**
   * Why the system disabled it (`retries-exhausted`); absent when enabled or disabled by its owner.
   */
  'disabledReason'?: (string);
  'createdAt'?: (string);
  'updatedAt'?: (string);
  /**
   * While a rotated-out secret still signs alongside the current one: until when.
   */
  'previousSecretExpiresAt'?: (string);
  '_description'?: "description";
  '_disabledReason'?: "disabledReason";
  '_previousSecretExpiresAt'?: "previousSecretExpiresAt";
}

/**
 * An endpoint as the API shows it; its secrets are never part of it.
 */
export interface WebhookEndpoint__Output {
  'id': (string);
  'organisationId': (string);
  'url': (string);
  'events': (string)[];
  'description'?: (string);
  'enabled': (boolean);
  /**
   * Why the system disabled it (`retries-exhausted`); absent when enabled or disabled by its owner.
   */
  'disabledReason'?: (string);
  'createdAt': (string);
  'updatedAt': (string);
  /**
   * While a rotated-out secret still signs alongside the current one: until when.
   */
  'previousSecretExpiresAt'?: (string);
  '_description'?: "description";
  '_disabledReason'?: "disabledReason";
  '_previousSecretExpiresAt'?: "previousSecretExpiresAt";
}
