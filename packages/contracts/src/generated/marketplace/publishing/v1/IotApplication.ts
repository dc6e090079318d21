// Original file: proto/marketplace/publishing/v1/publishing_releases.proto


/**
 * An IoT application of the caller's organisation, with its item link in the asked instance if any.
 */
export interface IotApplication {
  'applicationId'?: (number);
  'name'?: (string);
  'description'?: (string);
  'createdAt'?: (string);
  /**
   * Present when the application has an item in the requested instance.
   */
  'marketplaceItemId'?: (string);
  /**
   * draft | published | unpublished | retired; present with marketplace_item_id.
   */
  'marketplaceItemStatus'?: (string);
  '_marketplaceItemId'?: "marketplaceItemId";
  '_marketplaceItemStatus'?: "marketplaceItemStatus";
}

/**
 * An IoT application of the caller's organisation, with its item link in the asked instance if any.
 */
export interface IotApplication__Output {
  'applicationId': (number);
  'name': (string);
  'description': (string);
  'createdAt': (string);
  /**
   * Present when the application has an item in the requested instance.
   */
  'marketplaceItemId'?: (string);
  /**
   * draft | published | unpublished | retired; present with marketplace_item_id.
   */
  'marketplaceItemStatus'?: (string);
  '_marketplaceItemId'?: "marketplaceItemId";
  '_marketplaceItemStatus'?: "marketplaceItemStatus";
}
