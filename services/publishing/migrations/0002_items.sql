-- Marketplace items: one link of an IoT application per developer organisation and instance. The unique
-- constraint (not application code) is what makes a second link a 409 even under concurrent requests.
CREATE TABLE items (
  id uuid PRIMARY KEY,
  organisation_id uuid NOT NULL,
  marketplace_instance_id uuid NOT NULL REFERENCES known_instances (id),
  infuse_iot_application_id integer NOT NULL,
  type text NOT NULL CHECK (type IN ('app', 'algorithm')),
  status text NOT NULL CHECK (status IN ('draft', 'published', 'unpublished', 'retired')),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  published_at timestamptz,
  CONSTRAINT items_one_link_per_instance UNIQUE (marketplace_instance_id, organisation_id, infuse_iot_application_id)
);

CREATE INDEX items_organisation_idx ON items (organisation_id, created_at, id);

CREATE INDEX items_instance_idx ON items (marketplace_instance_id, status);

-- Icon of an item: the asset id only; the asset itself (and a fresh url) comes from the assets service.
ALTER TABLE items ADD COLUMN icon_asset_id uuid;

-- Metadata is append-only: every change appends a full record, the newest (created_at, id) is in force.
CREATE TABLE metadata_records (
  id uuid PRIMARY KEY,
  item_id uuid NOT NULL REFERENCES items (id),
  display_name text,
  description text,
  algorithm_type text,
  license_url text,
  eula_url text,
  created_at timestamptz NOT NULL
);

CREATE INDEX metadata_records_item_idx ON metadata_records (item_id, created_at DESC, id DESC);

-- The gallery: positions are kept 0..n-1 by the application, under the item's row lock.
CREATE TABLE item_images (
  item_id uuid NOT NULL REFERENCES items (id),
  asset_id uuid NOT NULL,
  position integer NOT NULL CHECK (position >= 0 AND position < 8),
  width integer NOT NULL,
  height integer NOT NULL,
  mime_type text NOT NULL,
  added_at timestamptz NOT NULL,
  PRIMARY KEY (item_id, asset_id)
);

-- Base prices are append-only; the newest (created_at, id) is in force. Amounts in minor units.
CREATE TABLE prices (
  id uuid PRIMARY KEY,
  item_id uuid NOT NULL REFERENCES items (id),
  amount bigint NOT NULL CHECK (amount >= 0),
  currency char(3) NOT NULL,
  effective_from timestamptz NOT NULL,
  created_at timestamptz NOT NULL
);

CREATE INDEX prices_item_idx ON prices (item_id, created_at DESC, id DESC);
