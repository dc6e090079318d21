// Original file: proto/marketplace/settlements/v1/statements.proto

import type { Long } from '@grpc/proto-loader';

export interface StatementTotals {
  /**
   * Sum of the gross of lines with a positive gross (sales), in minor units.
   */
  'grossSales'?: (number | string | Long);
  /**
   * Sum of -gross over lines with a negative gross (refunds, lost disputes).
   */
  'refunds'?: (number | string | Long);
  /**
   * Sum of the lines' platform fees (reversed fees negative).
   */
  'platformFees'?: (number | string | Long);
  /**
   * Sum of the statement party's shares.
   */
  'net'?: (number | string | Long);
}

export interface StatementTotals__Output {
  /**
   * Sum of the gross of lines with a positive gross (sales), in minor units.
   */
  'grossSales': (string);
  /**
   * Sum of -gross over lines with a negative gross (refunds, lost disputes).
   */
  'refunds': (string);
  /**
   * Sum of the lines' platform fees (reversed fees negative).
   */
  'platformFees': (string);
  /**
   * Sum of the statement party's shares.
   */
  'net': (string);
}
