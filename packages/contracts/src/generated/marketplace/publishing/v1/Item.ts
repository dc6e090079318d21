// Original file: proto/marketplace/publishing/v1/publishing.proto

import type { ItemMetadata as _marketplace_publishing_v1_ItemMetadata, ItemMetadata__Output as _marketplace_publishing_v1_ItemMetadata__Output } from '../../../marketplace/publishing/v1/ItemMetadata';
import type { ItemIcon as _marketplace_publishing_v1_ItemIcon, ItemIcon__Output as _marketplace_publishing_v1_ItemIcon__Output } from '../../../marketplace/publishing/v1/ItemIcon';
import type { ItemImage as _marketplace_publishing_v1_ItemImage, ItemImage__Output as _marketplace_publishing_v1_ItemImage__Output } from '../../../marketplace/publishing/v1/ItemImage';
import type { Money as _marketplace_publishing_v1_Money, Money__Output as _marketplace_publishing_v1_Money__Output } from '../../../marketplace/publishing/v1/Money';
import type { Readiness as _marketplace_publishing_v1_Readiness, Readiness__Output as _marketplace_publishing_v1_Readiness__Output } from '../../../marketplace/publishing/v1/Readiness';

export interface Item {
  'id'?: (string);
  /**
   * app | algorithm
   */
  'type'?: (string);
  'organisationId'?: (string);
  'marketplaceInstanceId'?: (string);
  'infuseIotApplicationId'?: (number);
  /**
   * draft | published | unpublished | retired
   */
  'status'?: (string);
  'createdAt'?: (string);
  'updatedAt'?: (string);
  'publishedAt'?: (string);
  'metadata'?: (_marketplace_publishing_v1_ItemMetadata | null);
  'icon'?: (_marketplace_publishing_v1_ItemIcon | null);
  'images'?: (_marketplace_publishing_v1_ItemImage)[];
  'basePrice'?: (_marketplace_publishing_v1_Money | null);
  'releaseCount'?: (number);
  'latestVersion'?: (string);
  'readiness'?: (_marketplace_publishing_v1_Readiness | null);
  '_publishedAt'?: "publishedAt";
  '_latestVersion'?: "latestVersion";
}

export interface Item__Output {
  'id': (string);
  /**
   * app | algorithm
   */
  'type': (string);
  'organisationId': (string);
  'marketplaceInstanceId': (string);
  'infuseIotApplicationId': (number);
  /**
   * draft | published | unpublished | retired
   */
  'status': (string);
  'createdAt': (string);
  'updatedAt': (string);
  'publishedAt'?: (string);
  'metadata': (_marketplace_publishing_v1_ItemMetadata__Output | null);
  'icon': (_marketplace_publishing_v1_ItemIcon__Output | null);
  'images': (_marketplace_publishing_v1_ItemImage__Output)[];
  'basePrice': (_marketplace_publishing_v1_Money__Output | null);
  'releaseCount': (number);
  'latestVersion'?: (string);
  'readiness': (_marketplace_publishing_v1_Readiness__Output | null);
  '_publishedAt'?: "publishedAt";
  '_latestVersion'?: "latestVersion";
}
