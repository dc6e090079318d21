// Original file: proto/marketplace/iotadapter/v1/iot_adapter.proto


export interface DeviceApplication {
  /**
   * The platform's integer application id the device reports running.
   */
  'applicationId'?: (number);
  /**
   * major.minor.revision+<build as 8 hex digits>
   */
  'version'?: (string);
}

export interface DeviceApplication__Output {
  /**
   * The platform's integer application id the device reports running.
   */
  'applicationId': (number);
  /**
   * major.minor.revision+<build as 8 hex digits>
   */
  'version': (string);
}
