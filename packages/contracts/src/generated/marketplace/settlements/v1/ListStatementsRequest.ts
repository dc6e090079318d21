// Original file: proto/marketplace/settlements/v1/statements.proto


export interface ListStatementsRequest {
  /**
   * ISO 8601 instants; empty: unbounded. Statements whose period starts at or after / ends at or before.
   */
  'periodStartUtc'?: (string);
  'periodEndUtc'?: (string);
  /**
   * Empty: every currency.
   */
  'currency'?: (string);
  /**
   * developer, provider or any.
   */
  'role'?: (string);
  /**
   * open, finalized, paid or any.
   */
  'status'?: (string);
  /**
   * Empty: the caller's own (admins: every organisation).
   */
  'organisationId'?: (string);
  'batchId'?: (string);
  /**
   * Absent: both modes.
   */
  'livemode'?: (boolean);
  'page'?: (number);
  'pageSize'?: (number);
  'orderBy'?: (string);
  'direction'?: (string);
  '_livemode'?: "livemode";
}

export interface ListStatementsRequest__Output {
  /**
   * ISO 8601 instants; empty: unbounded. Statements whose period starts at or after / ends at or before.
   */
  'periodStartUtc': (string);
  'periodEndUtc': (string);
  /**
   * Empty: every currency.
   */
  'currency': (string);
  /**
   * developer, provider or any.
   */
  'role': (string);
  /**
   * open, finalized, paid or any.
   */
  'status': (string);
  /**
   * Empty: the caller's own (admins: every organisation).
   */
  'organisationId': (string);
  'batchId': (string);
  /**
   * Absent: both modes.
   */
  'livemode'?: (boolean);
  'page': (number);
  'pageSize': (number);
  'orderBy': (string);
  'direction': (string);
  '_livemode'?: "livemode";
}
