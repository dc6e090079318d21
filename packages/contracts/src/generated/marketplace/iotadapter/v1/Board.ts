// Original file: proto/marketplace/iotadapter/v1/iot_adapter.proto


export interface Board {
  /**
   * Board UUID on the platform.
   */
  'id'?: (string);
  'name'?: (string);
  /**
   * The build's board target name (ApplicationRelease.boardTarget).
   */
  'target'?: (string);
}

export interface Board__Output {
  /**
   * Board UUID on the platform.
   */
  'id': (string);
  'name': (string);
  /**
   * The build's board target name (ApplicationRelease.boardTarget).
   */
  'target': (string);
}
