// Original file: proto/marketplace/webhooks/v1/webhooks.proto


export interface UpdateEndpointRequest {
  'id'?: (string);
  'url'?: (string);
  /**
   * `events` is applied only when `events_given`: an empty list is refused, not "unchanged".
   */
  'eventsGiven'?: (boolean);
  'events'?: (string)[];
  'enabled'?: (boolean);
  'description'?: (string);
  '_url'?: "url";
  '_enabled'?: "enabled";
  '_description'?: "description";
}

export interface UpdateEndpointRequest__Output {
  'id': (string);
  'url'?: (string);
  /**
   * `events` is applied only when `events_given`: an empty list is refused, not "unchanged".
   */
  'eventsGiven': (boolean);
  'events': (string)[];
  'enabled'?: (boolean);
  'description'?: (string);
  '_url'?: "url";
  '_enabled'?: "enabled";
  '_description'?: "description";
}
