// Original file: proto/marketplace/catalogue/v1/catalogue.proto


export interface CreateInstanceRequest {
  'name'?: (string);
  'defaultCurrency'?: (string);
  'platformFeeBps'?: (number);
}

export interface CreateInstanceRequest__Output {
  'name': (string);
  'defaultCurrency': (string);
  'platformFeeBps': (number);
}
