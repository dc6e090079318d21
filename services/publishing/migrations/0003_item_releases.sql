-- IoT releases selected for marketplace items. A release is `preparing` until the iot-adapter reports its
-- binary stored and verified (`available`) or gives up (`failed`). The unique constraint (not application
-- code) makes selecting the same IoT release twice a 409, also under concurrent requests.
-- Read by the item view and readiness: status, version, created_at and item_id keep these names.
CREATE TABLE item_releases (
  id uuid PRIMARY KEY,
  item_id uuid NOT NULL REFERENCES items (id),
  organisation_id uuid NOT NULL,
  infuse_iot_application_id integer NOT NULL,
  infuse_iot_release_id text NOT NULL,
  version text NOT NULL,
  -- Byte order = version order (numeric per component, build last); see domain/item-release.ts.
  version_key text NOT NULL,
  board_id text NOT NULL,
  board_name text NOT NULL,
  board_target text NOT NULL,
  size_bytes bigint NOT NULL CHECK (size_bytes >= 0),
  crc32 bigint NOT NULL,
  sha256 text,
  object_key text NOT NULL,
  status text NOT NULL CHECK (status IN ('preparing', 'available', 'failed')),
  failure_reason text,
  -- Copy request bookkeeping: null until the iot-adapter accepted the request; the retry loop asks again
  -- for preparing rows whose request is not accepted once copy_next_attempt_at has passed.
  copy_requested_at timestamptz,
  copy_attempts integer NOT NULL DEFAULT 0,
  copy_next_attempt_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT item_releases_once_per_item UNIQUE (item_id, infuse_iot_release_id),
  CONSTRAINT item_releases_available_has_digest CHECK (status <> 'available' OR sha256 IS NOT NULL),
  CONSTRAINT item_releases_failed_has_reason CHECK (status <> 'failed' OR failure_reason IS NOT NULL)
);

CREATE INDEX item_releases_item_idx ON item_releases (item_id, created_at, id);
CREATE INDEX item_releases_copy_due_idx ON item_releases (copy_next_attempt_at)
  WHERE status = 'preparing' AND copy_requested_at IS NULL;
