// Original file: proto/marketplace/catalogue/v1/catalogue.proto


export interface Instance {
  'id'?: (string);
  'name'?: (string);
  'ownerOrganisationId'?: (string);
  'defaultCurrency'?: (string);
  /**
   * Basis points of each sale kept by the platform, 0..5000.
   */
  'platformFeeBps'?: (number);
  /**
   * ISO 8601 UTC with millisecond precision, as on the REST API.
   */
  'createdAt'?: (string);
}

export interface Instance__Output {
  'id': (string);
  'name': (string);
  'ownerOrganisationId': (string);
  'defaultCurrency': (string);
  /**
   * Basis points of each sale kept by the platform, 0..5000.
   */
  'platformFeeBps': (number);
  /**
   * ISO 8601 UTC with millisecond precision, as on the REST API.
   */
  'createdAt': (string);
}
