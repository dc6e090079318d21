// Original file: proto/marketplace/publishing/v1/publishing.proto


/**
 * Partial update: a present optional field sets the value; a field named in `clear` (camelCase REST name,
 * e.g. "licenseUrl") becomes null; any other field keeps its previous value.
 */
export interface AppendMetadataRequest {
  'id'?: (string);
  'displayName'?: (string);
  'description'?: (string);
  'algorithmType'?: (string);
  'licenseUrl'?: (string);
  'eulaUrl'?: (string);
  'clear'?: (string)[];
  '_displayName'?: "displayName";
  '_description'?: "description";
  '_algorithmType'?: "algorithmType";
  '_licenseUrl'?: "licenseUrl";
  '_eulaUrl'?: "eulaUrl";
}

/**
 * Partial update: a present optional field sets the value; a field named in `clear` (camelCase REST name,
 * e.g. "licenseUrl") becomes null; any other field keeps its previous value.
 */
export interface AppendMetadataRequest__Output {
  'id': (string);
  'displayName'?: (string);
  'description'?: (string);
  'algorithmType'?: (string);
  'licenseUrl'?: (string);
  'eulaUrl'?: (string);
  'clear': (string)[];
  '_displayName'?: "displayName";
  '_description'?: "description";
  '_algorithmType'?: "algorithmType";
  '_licenseUrl'?: "licenseUrl";
  '_eulaUrl'?: "eulaUrl";
}
