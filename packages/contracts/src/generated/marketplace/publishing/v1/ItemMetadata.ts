// Original file: proto/marketplace/publishing/v1/publishing.proto


/**
 * One appended metadata record; the newest is in force.
 */
export interface ItemMetadata {
  'displayName'?: (string);
  'description'?: (string);
  'algorithmType'?: (string);
  'licenseUrl'?: (string);
  'eulaUrl'?: (string);
  'createdAt'?: (string);
  '_displayName'?: "displayName";
  '_description'?: "description";
  '_algorithmType'?: "algorithmType";
  '_licenseUrl'?: "licenseUrl";
  '_eulaUrl'?: "eulaUrl";
}

/**
 * One appended metadata record; the newest is in force.
 */
export interface ItemMetadata__Output {
  'displayName'?: (string);
  'description'?: (string);
  'algorithmType'?: (string);
  'licenseUrl'?: (string);
  'eulaUrl'?: (string);
  'createdAt': (string);
  '_displayName'?: "displayName";
  '_description'?: "description";
  '_algorithmType'?: "algorithmType";
  '_licenseUrl'?: "licenseUrl";
  '_eulaUrl'?: "eulaUrl";
}
