-- What installs need of an item release: the IoT platform's release and application ids, the board's name
-- and target, and when the release was added (publishing.item.release-added/-snapshot). Null on rows
-- recorded before this migration until their next event.
ALTER TABLE known_releases
  ADD COLUMN iot_application_id bigint,
  ADD COLUMN iot_release_id text,
  ADD COLUMN board_name text,
  ADD COLUMN board_target text,
  ADD COLUMN created_at timestamptz;

CREATE INDEX known_releases_item ON known_releases (marketplace_item_id);

-- Installs of purchased item versions on devices. Created by the Install call (rpc_id null until the
-- iot-adapter has queued the platform update); moved on by iot.install.status-changed.v1, applied only when
-- its version is above `status_version` (0 until the first event). At most one install of the same
-- device, item and version is in flight (queued or sent): the partial unique index makes concurrent
-- requests share it.
CREATE TABLE installs (
  id                       uuid PRIMARY KEY,
  provider_organisation_id uuid NOT NULL,
  purchase_id              uuid NOT NULL REFERENCES purchases (id),
  livemode                 boolean NOT NULL,
  device_id                text NOT NULL,
  marketplace_item_id      uuid NOT NULL,
  display_name             text NOT NULL,
  version                  text NOT NULL,
  release_id               text NOT NULL,
  rpc_id                   text UNIQUE,
  status                   text NOT NULL CHECK (status IN ('queued', 'sent', 'succeeded', 'failed', 'cancelled',
                                                           'expired', 'already_installed')),
  detail                   text,
  attempt_count            integer NOT NULL DEFAULT 0,
  status_version           integer NOT NULL DEFAULT 0,
  queued_at                timestamptz NOT NULL,
  updated_at               timestamptz NOT NULL
);

CREATE UNIQUE INDEX installs_in_flight ON installs (provider_organisation_id, device_id, marketplace_item_id, version)
  WHERE status IN ('queued', 'sent');
CREATE INDEX installs_by_device ON installs (provider_organisation_id, device_id, queued_at DESC);
CREATE INDEX installs_activity ON installs (provider_organisation_id, livemode, queued_at DESC);

-- Every status an install went through, one row per status version (the Install call's answer and the
-- adapter's first event are both version 1 and the same state), so events applied twice or out of order
-- still leave one complete history.
CREATE TABLE install_history (
  install_id uuid NOT NULL REFERENCES installs (id),
  version    integer NOT NULL,
  status     text NOT NULL,
  at         timestamptz NOT NULL,
  PRIMARY KEY (install_id, version)
);
