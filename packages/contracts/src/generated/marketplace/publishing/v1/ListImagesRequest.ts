// Original file: proto/marketplace/publishing/v1/publishing.proto


export interface ListImagesRequest {
  'id'?: (string);
}

export interface ListImagesRequest__Output {
  'id': (string);
}
