// Original file: proto/marketplace/settlements/v1/statements.proto


export interface CloseStatementPeriodResponse {
  'batchId'?: (string);
  'statementCount'?: (number);
}

export interface CloseStatementPeriodResponse__Output {
  'batchId': (string);
  'statementCount': (number);
}
