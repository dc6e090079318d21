-- Application updates the adapter queued for installs, tracked until the platform settles them. One row per
-- install (the requester's id), so a repeated request never queues a second platform update. `update_id` is
-- the platform's update id (the install's rpcId); null when nothing was queued (already_installed).
-- `version` is the install's aggregate version in iot.install.status-changed.v1 (1 when queued, +1 per
-- change). The poll loop leases due rows through `next_poll_at`; `failures` counts consecutive platform
-- errors for its backoff.
CREATE TABLE install_updates (
  install_id      uuid PRIMARY KEY,
  organisation_id uuid NOT NULL,
  device_id       text NOT NULL,
  release_id      text NOT NULL,
  update_id       text UNIQUE,
  status          text NOT NULL CHECK (status IN ('queued', 'sent', 'succeeded', 'failed', 'cancelled',
                                                  'expired', 'already_installed')),
  detail          text,
  attempt_count   integer NOT NULL DEFAULT 0,
  version         integer NOT NULL,
  failures        integer NOT NULL DEFAULT 0,
  next_poll_at    timestamptz NOT NULL,
  queued_at       timestamptz NOT NULL,
  updated_at      timestamptz NOT NULL
);

-- The poll loop's claim query: in-flight updates that are due.
CREATE INDEX install_updates_due ON install_updates (next_poll_at)
  WHERE status IN ('queued', 'sent', 'expired');
