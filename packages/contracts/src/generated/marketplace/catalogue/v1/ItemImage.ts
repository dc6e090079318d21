// Original file: proto/marketplace/catalogue/v1/catalogue_items.proto


/**
 * A gallery image with a freshly presigned url.
 */
export interface ItemImage {
  'assetId'?: (string);
  'position'?: (number);
  'url'?: (string);
  'width'?: (number);
  'height'?: (number);
  'mimeType'?: (string);
}

/**
 * A gallery image with a freshly presigned url.
 */
export interface ItemImage__Output {
  'assetId': (string);
  'position': (number);
  'url': (string);
  'width': (number);
  'height': (number);
  'mimeType': (string);
}
