-- Items as publishing's item snapshot events describe them (publishing.item.*.v1, applied with
-- applyIfNewer on `version`): what offerings and listings are gated on and what listing summaries show.
CREATE TABLE known_items (
  id uuid PRIMARY KEY,
  organisation_id uuid NOT NULL,
  marketplace_instance_id uuid NOT NULL,
  type text NOT NULL,
  status text NOT NULL,
  display_name text,
  description text,
  icon_asset_id uuid,
  base_price_amount bigint,
  base_price_currency char(3),
  version integer NOT NULL
);

-- An admin's decision to let providers list a published item in an instance. At most one active
-- (not withdrawn) offering per item and instance; a withdrawal is final (version 2).
CREATE TABLE offerings (
  id uuid PRIMARY KEY,
  marketplace_instance_id uuid NOT NULL,
  marketplace_item_id uuid NOT NULL,
  created_at timestamptz NOT NULL,
  withdrawn_at timestamptz,
  version integer NOT NULL DEFAULT 1
);
CREATE UNIQUE INDEX offerings_one_active ON offerings (marketplace_instance_id, marketplace_item_id)
  WHERE withdrawn_at IS NULL;
CREATE INDEX offerings_by_instance ON offerings (marketplace_instance_id, created_at);

-- A provider's listings. The current one of a provider, item and instance has no superseded_at; the
-- superseded ones are its history. `version` is the listing's aggregate version (+1 per change).
CREATE TABLE listings (
  id uuid PRIMARY KEY,
  marketplace_item_id uuid NOT NULL,
  marketplace_instance_id uuid NOT NULL,
  provider_organisation_id uuid NOT NULL,
  offering_id uuid NOT NULL REFERENCES offerings (id),
  price_amount bigint NOT NULL,
  price_currency char(3) NOT NULL,
  visibility text NOT NULL,
  disabled boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  superseded_at timestamptz,
  version integer NOT NULL DEFAULT 1
);
CREATE UNIQUE INDEX listings_one_current
  ON listings (provider_organisation_id, marketplace_item_id, marketplace_instance_id)
  WHERE superseded_at IS NULL;
CREATE INDEX listings_by_provider ON listings (provider_organisation_id, created_at);
CREATE INDEX listings_by_offering ON listings (offering_id) WHERE disabled = false;

-- The append-only visibility series of each listing (its first state is the one it was created with).
CREATE TABLE listing_visibility (
  listing_id uuid NOT NULL REFERENCES listings (id),
  seq bigint GENERATED ALWAYS AS IDENTITY,
  visibility text NOT NULL,
  set_at timestamptz NOT NULL,
  set_by text NOT NULL,
  PRIMARY KEY (listing_id, seq)
);
