// Original file: proto/marketplace/settlements/v1/statements.proto

import type { StatementTotals as _marketplace_settlements_v1_StatementTotals, StatementTotals__Output as _marketplace_settlements_v1_StatementTotals__Output } from '../../../marketplace/settlements/v1/StatementTotals';

/**
 * One statement per organisation, role, currency, livemode and UTC calendar month.
 */
export interface StatementRecord {
  'id'?: (string);
  /**
   * Empty while open.
   */
  'batchId'?: (string);
  'organisationId'?: (string);
  /**
   * developer or provider.
   */
  'role'?: (string);
  'currency'?: (string);
  'periodStartUtc'?: (string);
  'periodEndUtc'?: (string);
  /**
   * open, finalized or paid.
   */
  'status'?: (string);
  'livemode'?: (boolean);
  'totals'?: (_marketplace_settlements_v1_StatementTotals | null);
  'lineCount'?: (number);
  'createdAt'?: (string);
  /**
   * Empty until finalized / paid.
   */
  'finalizedAt'?: (string);
  'paidAt'?: (string);
}

/**
 * One statement per organisation, role, currency, livemode and UTC calendar month.
 */
export interface StatementRecord__Output {
  'id': (string);
  /**
   * Empty while open.
   */
  'batchId': (string);
  'organisationId': (string);
  /**
   * developer or provider.
   */
  'role': (string);
  'currency': (string);
  'periodStartUtc': (string);
  'periodEndUtc': (string);
  /**
   * open, finalized or paid.
   */
  'status': (string);
  'livemode': (boolean);
  'totals': (_marketplace_settlements_v1_StatementTotals__Output | null);
  'lineCount': (number);
  'createdAt': (string);
  /**
   * Empty until finalized / paid.
   */
  'finalizedAt': (string);
  'paidAt': (string);
}
