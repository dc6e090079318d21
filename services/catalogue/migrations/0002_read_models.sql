-- Read models of other services' state, built only from their events (docs/catalogue.md). Every table keeps
-- the aggregate version it holds (`version`) and is written through the version guard, so a repeated or
-- out-of-order event leaves the same rows.

-- Trusted extensions (PostgreSQL 13+): the database owner may create them. In `public`, so the one copy a
-- database can hold is on every service's search_path.
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

-- The planner costs pg_trgm's word-similarity operators (`<%`, `%>`) like a simple comparison (cost 1),
-- but each call extracts the trigrams of a whole name and description: ~100 times dearer. At that cost
-- the planner sees what the search really costs and reaches for the trigram and full-text GIN indexes
-- (a BitmapOr) instead of testing every row (docs/catalogue.md: 12 ms instead of 140 ms over 10,000
-- items). Only the extension's owner may change it; where that is someone else, search stays correct.
DO $$
BEGIN
  ALTER FUNCTION public.word_similarity_op(text, text) COST 100;
  ALTER FUNCTION public.word_similarity_commutator_op(text, text) COST 100;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'pg_trgm belongs to another role: word-similarity costs left as they are';
END
$$;

-- Lower-cased, accents removed: what search compares. `unaccent(text)` is only STABLE (it reads its
-- dictionary through search_path); naming the dictionary makes the result depend on the input alone, so
-- the wrapper can be IMMUTABLE and feed generated columns and indexes.
CREATE FUNCTION search_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN lower(public.unaccent('public.unaccent'::regdictionary, value));

-- Publishing's items (publishing.item.*.v1 storefront snapshots).
CREATE TABLE items (
  id uuid PRIMARY KEY,
  organisation_id uuid NOT NULL,
  marketplace_instance_id uuid NOT NULL,
  type text NOT NULL,
  status text NOT NULL,
  display_name text,
  description text,
  algorithm_type text,
  license_url text,
  eula_url text,
  icon_asset_id uuid,
  image_asset_ids uuid[] NOT NULL,
  base_price_amount bigint,
  base_price_currency char(3),
  latest_version text,
  published_at timestamptz,
  -- The earliest of the createdAt/occurredAt the item's events carried (set after every event, whatever
  -- its version), so it does not depend on the order they arrive in.
  created_at timestamptz,
  version integer NOT NULL,
  name_folded text GENERATED ALWAYS AS (search_fold(coalesce(display_name, ''))) STORED,
  search_text text GENERATED ALWAYS AS (
    search_fold(coalesce(display_name, '') || ' ' || coalesce(description, ''))
  ) STORED,
  search_document tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('simple', search_fold(coalesce(display_name, ''))), 'A')
    || setweight(to_tsvector('simple', search_fold(coalesce(description, ''))), 'B')
  ) STORED
);

CREATE INDEX items_search_document_idx ON items USING gin (search_document);
CREATE INDEX items_search_text_trgm_idx ON items USING gin (search_text gin_trgm_ops);
CREATE INDEX items_published_created_idx ON items (created_at, id) WHERE status = 'published';
CREATE INDEX items_published_instance_idx ON items (marketplace_instance_id, created_at, id)
  WHERE status = 'published';

-- Publishing's item releases (publishing.item.release-*.v1); offered items show the available ones.
CREATE TABLE item_releases (
  id uuid PRIMARY KEY,
  item_id uuid NOT NULL,
  infuse_iot_release_id text NOT NULL,
  release_version text NOT NULL,
  board jsonb NOT NULL,
  size_bytes bigint NOT NULL,
  sha256 text,
  status text NOT NULL,
  -- Like items.created_at: the earliest time the release's events carried.
  created_at timestamptz,
  version integer NOT NULL
);

CREATE INDEX item_releases_available_idx ON item_releases (item_id, created_at, id) WHERE status = 'available';

-- Finalised assets (assets.asset.finalised.v1): where an item's icon and images are stored.
CREATE TABLE assets (
  id uuid PRIMARY KEY,
  object_key text NOT NULL,
  mime_type text NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  version integer NOT NULL
);

-- Listings' offerings (listings.offering.*.v1): an item providers may list in an instance.
CREATE TABLE offerings (
  id uuid PRIMARY KEY,
  marketplace_instance_id uuid NOT NULL,
  marketplace_item_id uuid NOT NULL,
  created_at timestamptz NOT NULL,
  withdrawn_at timestamptz,
  version integer NOT NULL
);

CREATE INDEX offerings_active_idx ON offerings (marketplace_item_id, created_at DESC, id DESC)
  WHERE withdrawn_at IS NULL;

-- Listings' listings (listings.listing.*.v1): providers' prices.
CREATE TABLE listings (
  id uuid PRIMARY KEY,
  marketplace_item_id uuid NOT NULL,
  marketplace_instance_id uuid NOT NULL,
  provider_organisation_id uuid NOT NULL,
  price_amount bigint NOT NULL,
  price_currency char(3) NOT NULL,
  visibility text NOT NULL,
  disabled boolean NOT NULL,
  created_at timestamptz NOT NULL,
  superseded_at timestamptz,
  version integer NOT NULL
);

CREATE INDEX listings_public_idx ON listings (marketplace_item_id, marketplace_instance_id, price_amount, id)
  WHERE NOT disabled AND visibility = 'public';
CREATE INDEX listings_current_idx ON listings (marketplace_item_id, provider_organisation_id)
  WHERE NOT disabled;
