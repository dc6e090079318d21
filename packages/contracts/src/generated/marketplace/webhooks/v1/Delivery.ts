// Original file: proto/marketplace/webhooks/v1/webhooks.proto


/**
 * One event sent (or to be sent) to one endpoint.
 */
export interface Delivery {
  'id'?: (string);
  'endpointId'?: (string);
  'eventId'?: (string);
  'eventType'?: (string);
  /**
   * pending | succeeded | failed
   */
  'status'?: (string);
  'attempts'?: (number);
  'responseStatus'?: (number);
  'durationMs'?: (number);
  'lastError'?: (string);
  'createdAt'?: (string);
  'lastAttemptAt'?: (string);
  'nextAttemptAt'?: (string);
  'deliveredAt'?: (string);
  '_responseStatus'?: "responseStatus";
  '_durationMs'?: "durationMs";
  '_lastError'?: "lastError";
  '_lastAttemptAt'?: "lastAttemptAt";
  '_nextAttemptAt'?: "nextAttemptAt";
  '_deliveredAt'?: "deliveredAt";
}

/**
 * One event sent (or to be sent) to one endpoint.
 */
export interface Delivery__Output {
  'id': (string);
  'endpointId': (string);
  'eventId': (string);
  'eventType': (string);
  /**
   * pending | succeeded | failed
   */
  'status': (string);
  'attempts': (number);
  'responseStatus'?: (number);
  'durationMs'?: (number);
  'lastError'?: (string);
  'createdAt': (string);
  'lastAttemptAt'?: (string);
  'nextAttemptAt'?: (string);
  'deliveredAt'?: (string);
  '_responseStatus'?: "responseStatus";
  '_durationMs'?: "durationMs";
  '_lastError'?: "lastError";
  '_lastAttemptAt'?: "lastAttemptAt";
  '_nextAttemptAt'?: "nextAttemptAt";
  '_deliveredAt'?: "deliveredAt";
}
