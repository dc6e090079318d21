// Original file: proto/marketplace/settlements/v1/statements.proto


export interface CloseStatementPeriodRequest {
  /**
   * Whole UTC months: both at 00:00Z on the 1st of a month.
   */
  'periodStartUtc'?: (string);
  'periodEndUtc'?: (string);
  'livemode'?: (boolean);
}

export interface CloseStatementPeriodRequest__Output {
  /**
   * Whole UTC months: both at 00:00Z on the 1st of a month.
   */
  'periodStartUtc': (string);
  'periodEndUtc': (string);
  'livemode': (boolean);
}
