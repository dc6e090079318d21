-- Item releases as publishing's release events describe them (publishing.item.release-*.v1, applied with
-- applyIfNewer on the release's aggregate `version`): what download access is decided against.
-- `sha256` and `object_key` are set once the release is `available`.
CREATE TABLE known_releases (
  id uuid PRIMARY KEY,
  marketplace_item_id uuid NOT NULL,
  release_version text NOT NULL,
  board_id text NOT NULL,
  size_bytes bigint NOT NULL,
  sha256 text,
  object_key text,
  status text NOT NULL CHECK (status IN ('preparing', 'available', 'failed')),
  version integer NOT NULL
);

CREATE INDEX known_releases_item_version ON known_releases (marketplace_item_id, release_version);

-- Download access looks up a device's purchases of an item.
CREATE INDEX purchases_device_item ON purchases (device_id, marketplace_item_id);
