// Original file: proto/marketplace/settlements/v1/earnings.proto


export interface ExportStatementRequest {
  'statementId'?: (string);
  /**
   * csv or pdf.
   */
  'format'?: (string);
}

export interface ExportStatementRequest__Output {
  'statementId': (string);
  /**
   * csv or pdf.
   */
  'format': (string);
}
