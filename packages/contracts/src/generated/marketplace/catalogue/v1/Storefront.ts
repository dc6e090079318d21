// Original file: proto/marketplace/catalogue/v1/catalogue_items.proto

import type { ItemImage as _marketplace_catalogue_v1_ItemImage, ItemImage__Output as _marketplace_catalogue_v1_ItemImage__Output } from '../../../marketplace/catalogue/v1/ItemImage';

/**
 * What every view of an item in the catalogue shows.
 */
export interface Storefront {
  'id'?: (string);
  /**
   * app | algorithm
   */
  'type'?: (string);
  /**
   * The developer organisation.
   */
  'organisationId'?: (string);
  'marketplaceInstanceId'?: (string);
  'createdAt'?: (string);
  'displayName'?: (string);
  'description'?: (string);
  'iconUrl'?: (string);
  'images'?: (_marketplace_catalogue_v1_ItemImage)[];
  'licenseUrl'?: (string);
  'eulaUrl'?: (string);
  'latestVersion'?: (string);
  '_description'?: "description";
  '_iconUrl'?: "iconUrl";
  '_licenseUrl'?: "licenseUrl";
  '_eulaUrl'?: "eulaUrl";
  '_latestVersion'?: "latestVersion";
}

/**
 * What every view of an item in the catalogue shows.
 */
export interface Storefront__Output {
  'id': (string);
  /**
   * app | algorithm
   */
  'type': (string);
  /**
   * The developer organisation.
   */
  'organisationId': (string);
  'marketplaceInstanceId': (string);
  'createdAt': (string);
  'displayName': (string);
  'description'?: (string);
  'iconUrl'?: (string);
  'images': (_marketplace_catalogue_v1_ItemImage__Output)[];
  'licenseUrl'?: (string);
  'eulaUrl'?: (string);
  'latestVersion'?: (string);
  '_description'?: "description";
  '_iconUrl'?: "iconUrl";
  '_licenseUrl'?: "licenseUrl";
  '_eulaUrl'?: "eulaUrl";
  '_latestVersion'?: "latestVersion";
}
