// Original file: proto/marketplace/publishing/v1/publishing.proto


export interface ItemImage {
  'assetId'?: (string);
  'position'?: (number);
  'url'?: (string);
  'width'?: (number);
  'height'?: (number);
  'mimeType'?: (string);
}

export interface ItemImage__Output {
  'assetId': (string);
  'position': (number);
  'url': (string);
  'width': (number);
  'height': (number);
  'mimeType': (string);
}
