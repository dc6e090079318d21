// Original file: proto/marketplace/publishing/v1/publishing_releases.proto


/**
 * A device board a release is built for.
 */
export interface ReleaseBoard {
  'id'?: (string);
  'name'?: (string);
  'target'?: (string);
}

/**
 * A device board a release is built for.
 */
export interface ReleaseBoard__Output {
  'id': (string);
  'name': (string);
  'target': (string);
}
