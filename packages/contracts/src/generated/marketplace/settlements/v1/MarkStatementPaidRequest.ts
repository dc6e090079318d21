// Original file: proto/marketplace/settlements/v1/statements.proto


export interface MarkStatementPaidRequest {
  'statementId'?: (string);
}

export interface MarkStatementPaidRequest__Output {
  'statementId': (string);
}
