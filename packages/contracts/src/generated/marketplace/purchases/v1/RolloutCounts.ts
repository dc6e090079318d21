// Original file: proto/marketplace/purchases/v1/rollouts.proto


export interface RolloutCounts {
  'total'?: (number);
  'skipped'?: (number);
  'queued'?: (number);
  'inProgress'?: (number);
  'succeeded'?: (number);
  'failed'?: (number);
  'cancelled'?: (number);
}

export interface RolloutCounts__Output {
  'total': (number);
  'skipped': (number);
  'queued': (number);
  'inProgress': (number);
  'succeeded': (number);
  'failed': (number);
  'cancelled': (number);
}
