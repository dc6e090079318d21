// Original file: proto/marketplace/purchases/v1/rollouts.proto


export interface RolloutDevice {
  'deviceId'?: (string);
  /**
   * skipped, queued, in_progress, succeeded, failed or cancelled.
   */
  'status'?: (string);
  /**
   * 0 when skipped.
   */
  'wave'?: (number);
  /**
   * not-purchased, release-incompatible or already-installed; empty unless skipped.
   */
  'skipReason'?: (string);
  /**
   * The install's final status when it failed (failed, cancelled, expired) or the single install's
   * refusal (purchase-not-active, invalid-state); empty otherwise.
   */
  'failureCode'?: (string);
  'detail'?: (string);
  /**
   * Empty until started.
   */
  'installId'?: (string);
  'rpcId'?: (string);
  'startedAt'?: (string);
  'finishedAt'?: (string);
}

export interface RolloutDevice__Output {
  'deviceId': (string);
  /**
   * skipped, queued, in_progress, succeeded, failed or cancelled.
   */
  'status': (string);
  /**
   * 0 when skipped.
   */
  'wave': (number);
  /**
   * not-purchased, release-incompatible or already-installed; empty unless skipped.
   */
  'skipReason': (string);
  /**
   * The install's final status when it failed (failed, cancelled, expired) or the single install's
   * refusal (purchase-not-active, invalid-state); empty otherwise.
   */
  'failureCode': (string);
  'detail': (string);
  /**
   * Empty until started.
   */
  'installId': (string);
  'rpcId': (string);
  'startedAt': (string);
  'finishedAt': (string);
}
