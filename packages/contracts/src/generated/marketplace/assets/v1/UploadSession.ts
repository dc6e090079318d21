// Original file: proto/marketplace/assets/v1/assets.proto


export interface UploadSession {
  'assetId'?: (string);
  'uploadUri'?: (string);
  /**
   * Always PUT.
   */
  'uploadMethod'?: (string);
  'uploadHeaders'?: ({[key: string]: string});
  'expiresAt'?: (string);
}

export interface UploadSession__Output {
  'assetId': (string);
  'uploadUri': (string);
  /**
   * Always PUT.
   */
  'uploadMethod': (string);
  'uploadHeaders': ({[key: string]: string});
  'expiresAt': (string);
}
