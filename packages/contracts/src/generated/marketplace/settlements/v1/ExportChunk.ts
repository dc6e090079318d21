// Original file: proto/marketplace/settlements/v1/earnings.proto


/**
 * A piece of the rendered document, in order.
 */
export interface ExportChunk {
  'data'?: (Buffer | Uint8Array | string);
}

/**
 * A piece of the rendered document, in order.
 */
export interface ExportChunk__Output {
  'data': (Buffer);
}
