// Original file: proto/marketplace/publishing/v1/publishing.proto


export interface OrderImagesRequest {
  'id'?: (string);
  'assetIds'?: (string)[];
}

export interface OrderImagesRequest__Output {
  'id': (string);
  'assetIds': (string)[];
}
