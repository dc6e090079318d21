// Original file: proto/marketplace/purchases/v1/purchases.proto


export interface ReleaseBoard {
  'id'?: (string);
  'name'?: (string);
  'target'?: (string);
}

export interface ReleaseBoard__Output {
  'id': (string);
  'name': (string);
  'target': (string);
}
