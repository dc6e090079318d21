// Original file: proto/marketplace/iotadapter/v1/iot_adapter.proto


export interface DeviceOwner {
  'deviceId'?: (string);
  /**
   * False when the platform knows no such device; organisation_id is then empty.
   */
  'found'?: (boolean);
  'organisationId'?: (string);
  /**
   * The platform's id of the device's board (a guid); empty when not found.
   */
  'boardId'?: (string);
}

export interface DeviceOwner__Output {
  'deviceId': (string);
  /**
   * False when the platform knows no such device; organisation_id is then empty.
   */
  'found': (boolean);
  'organisationId': (string);
  /**
   * The platform's id of the device's board (a guid); empty when not found.
   */
  'boardId': (string);
}
