// Original file: proto/marketplace/settlements/v1/statements.proto


export interface GetStatementRequest {
  'statementId'?: (string);
}

export interface GetStatementRequest__Output {
  'statementId': (string);
}
