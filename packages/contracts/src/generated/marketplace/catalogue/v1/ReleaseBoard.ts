// Original file: proto/marketplace/catalogue/v1/catalogue_items.proto


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
