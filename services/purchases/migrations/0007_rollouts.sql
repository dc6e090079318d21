-- Rollouts: one item version installed over many devices of a provider, in growing waves. The scheduler is
-- driven from these rows alone (any replica, after any restart): a rollout row is locked with
-- FOR UPDATE SKIP LOCKED by the replica advancing it, each device's install id is fixed in the same
-- transaction that claims it, and the install itself is the single install's row (`installs`).
CREATE TABLE rollouts (
  id                        uuid PRIMARY KEY,
  provider_organisation_id  uuid NOT NULL,
  marketplace_item_id       uuid NOT NULL,
  version                   text NOT NULL,
  livemode                  boolean NOT NULL,
  status                    text NOT NULL CHECK (status IN ('running', 'paused', 'cancelled', 'completed')),
  first_wave                integer NOT NULL,
  growth                    double precision NOT NULL,
  failure_threshold_percent integer NOT NULL,
  max_in_flight             integer NOT NULL,
  -- The wave being installed (0 when no device is eligible).
  current_wave              integer NOT NULL,
  wave_count                integer NOT NULL,
  -- Failed and succeeded devices when last resumed: the threshold counts what finished after.
  failed_at_resume          integer NOT NULL DEFAULT 0,
  succeeded_at_resume       integer NOT NULL DEFAULT 0,
  -- The id of the rollout's last progress event (ids are 1, 2, 3... per rollout).
  last_event_id             bigint NOT NULL DEFAULT 0,
  created_at                timestamptz NOT NULL,
  updated_at                timestamptz NOT NULL,
  finished_at               timestamptz
);

CREATE INDEX rollouts_by_organisation ON rollouts (provider_organisation_id, created_at DESC, id DESC);
CREATE INDEX rollouts_running ON rollouts (updated_at) WHERE status = 'running';

-- Every device the request named (or the caller's devices it selected), eligible or skipped. `ordinal` is
-- the device's place in the rollout, `wave` its wave (null when skipped). `install_id` is set when the
-- scheduler claims the device, in the same transaction that moves it to in_progress.
CREATE TABLE rollout_devices (
  rollout_id   uuid NOT NULL REFERENCES rollouts (id),
  device_id    text NOT NULL,
  ordinal      integer NOT NULL,
  wave         integer,
  status       text NOT NULL CHECK (status IN ('skipped', 'queued', 'in_progress', 'succeeded', 'failed',
                                               'cancelled')),
  skip_reason  text CHECK (skip_reason IN ('not-purchased', 'release-incompatible', 'already-installed')),
  purchase_id  uuid,
  release_id   text,
  install_id   uuid,
  -- The install's status when it failed (failed, cancelled, expired, purchase-not-active) and its detail.
  failure_code text,
  detail       text,
  started_at   timestamptz,
  -- When its install was last asked of the iot-adapter again (never queued on the first try).
  queue_attempted_at timestamptz,
  finished_at  timestamptz,
  updated_at   timestamptz NOT NULL,
  PRIMARY KEY (rollout_id, device_id)
);

CREATE INDEX rollout_devices_by_status ON rollout_devices (rollout_id, status, wave, ordinal);
CREATE INDEX rollout_devices_by_ordinal ON rollout_devices (rollout_id, ordinal);
CREATE INDEX rollout_devices_by_install ON rollout_devices (install_id) WHERE install_id IS NOT NULL;
-- The scheduler's sweeps: in-flight devices whose install was never queued, or finished unseen.
CREATE INDEX rollout_devices_in_progress ON rollout_devices (started_at) WHERE status = 'in_progress';

-- Progress events of a rollout, kept so a Server-Sent Events stream resumes after `Last-Event-ID` from any
-- gateway replica: ids are monotonic per rollout (rollouts.last_event_id, bumped under the row's lock).
CREATE TABLE rollout_events (
  rollout_id uuid NOT NULL REFERENCES rollouts (id),
  id         bigint NOT NULL,
  type       text NOT NULL,
  data       jsonb NOT NULL,
  at         timestamptz NOT NULL,
  PRIMARY KEY (rollout_id, id)
);
