// Original file: proto/marketplace/settlements/v1/statements.proto

import type { StatementRecord as _marketplace_settlements_v1_StatementRecord, StatementRecord__Output as _marketplace_settlements_v1_StatementRecord__Output } from '../../../marketplace/settlements/v1/StatementRecord';
import type { StatementLineRecord as _marketplace_settlements_v1_StatementLineRecord, StatementLineRecord__Output as _marketplace_settlements_v1_StatementLineRecord__Output } from '../../../marketplace/settlements/v1/StatementLineRecord';

export interface GetStatementResponse {
  'statement'?: (_marketplace_settlements_v1_StatementRecord | null);
  /**
   * The first 1000 lines, by occurredAt then entry id.
   */
  'lines'?: (_marketplace_settlements_v1_StatementLineRecord)[];
}

export interface GetStatementResponse__Output {
  'statement': (_marketplace_settlements_v1_StatementRecord__Output | null);
  /**
   * The first 1000 lines, by occurredAt then entry id.
   */
  'lines': (_marketplace_settlements_v1_StatementLineRecord__Output)[];
}
