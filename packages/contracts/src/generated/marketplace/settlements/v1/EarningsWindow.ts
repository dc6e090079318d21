// Original file: proto/marketplace/settlements/v1/earnings.proto


/**
 * A window of time as the caller asked for it: ISO 8601 instants, empty when not given.
 */
export interface EarningsWindow {
  'startUtc'?: (string);
  'endUtc'?: (string);
  /**
   * Absent: the deployment's default mode.
   */
  'livemode'?: (boolean);
  '_livemode'?: "livemode";
}

/**
 * A window of time as the caller asked for it: ISO 8601 instants, empty when not given.
 */
export interface EarningsWindow__Output {
  'startUtc': (string);
  'endUtc': (string);
  /**
   * Absent: the deployment's default mode.
   */
  'livemode'?: (boolean);
  '_livemode'?: "livemode";
}
