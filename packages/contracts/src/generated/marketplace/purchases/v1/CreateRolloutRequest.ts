// Original file: proto/marketplace/purchases/v1/rollouts.proto


export interface CreateRolloutRequest {
  'marketplaceItemId'?: (string);
  'version'?: (string);
  /**
   * The devices to install on; empty with an empty board_id: every device of the organisation.
   */
  'deviceIds'?: (string)[];
  /**
   * Every device of the organisation on this board; exclusive with device_ids.
   */
  'boardId'?: (string);
  'firstWave'?: (number);
  'growth'?: (number | string);
  'failureThresholdPercent'?: (number);
  'maxInFlight'?: (number);
  '_firstWave'?: "firstWave";
  '_growth'?: "growth";
  '_failureThresholdPercent'?: "failureThresholdPercent";
  '_maxInFlight'?: "maxInFlight";
}

export interface CreateRolloutRequest__Output {
  'marketplaceItemId': (string);
  'version': (string);
  /**
   * The devices to install on; empty with an empty board_id: every device of the organisation.
   */
  'deviceIds': (string)[];
  /**
   * Every device of the organisation on this board; exclusive with device_ids.
   */
  'boardId': (string);
  'firstWave'?: (number);
  'growth'?: (number);
  'failureThresholdPercent'?: (number);
  'maxInFlight'?: (number);
  '_firstWave'?: "firstWave";
  '_growth'?: "growth";
  '_failureThresholdPercent'?: "failureThresholdPercent";
  '_maxInFlight'?: "maxInFlight";
}
