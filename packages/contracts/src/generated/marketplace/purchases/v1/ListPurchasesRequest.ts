// Original file: proto/marketplace/purchases/v1/purchases.proto


export interface ListPurchasesRequest {
  /**
   * Empty: every device.
   */
  'deviceId'?: (string);
  /**
   * Absent: the deployment's default mode.
   */
  'livemode'?: (boolean);
  'page'?: (number);
  'pageSize'?: (number);
  'orderBy'?: (string);
  'direction'?: (string);
  '_livemode'?: "livemode";
}

export interface ListPurchasesRequest__Output {
  /**
   * Empty: every device.
   */
  'deviceId': (string);
  /**
   * Absent: the deployment's default mode.
   */
  'livemode'?: (boolean);
  'page': (number);
  'pageSize': (number);
  'orderBy': (string);
  'direction': (string);
  '_livemode'?: "livemode";
}
