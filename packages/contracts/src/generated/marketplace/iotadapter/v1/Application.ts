// Original file: proto/marketplace/iotadapter/v1/iot_adapter.proto


export interface Application {
  /**
   * The platform's integer application id, unique within the organisation.
   */
  'applicationId'?: (number);
  'organisationId'?: (string);
  'name'?: (string);
  'description'?: (string);
  'createdAt'?: (string);
}

export interface Application__Output {
  /**
   * The platform's integer application id, unique within the organisation.
   */
  'applicationId': (number);
  'organisationId': (string);
  'name': (string);
  'description': (string);
  'createdAt': (string);
}
