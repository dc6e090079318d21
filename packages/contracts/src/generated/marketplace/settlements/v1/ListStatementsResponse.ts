// Original file: proto/marketplace/settlements/v1/statements.proto

import type { StatementRecord as _marketplace_settlements_v1_StatementRecord, StatementRecord__Output as _marketplace_settlements_v1_StatementRecord__Output } from '../../../marketplace/settlements/v1/StatementRecord';

export interface ListStatementsResponse {
  'items'?: (_marketplace_settlements_v1_StatementRecord)[];
  'page'?: (number);
  'pageSize'?: (number);
  'totalCount'?: (number);
  'totalPages'?: (number);
}

export interface ListStatementsResponse__Output {
  'items': (_marketplace_settlements_v1_StatementRecord__Output)[];
  'page': (number);
  'pageSize': (number);
  'totalCount': (number);
  'totalPages': (number);
}
