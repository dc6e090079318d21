-- Listings as listings' listing snapshot events describe them (listings.listing.*.v1, applied with
-- applyIfNewer on `version`): what a payment's `metadata.listingId` is resolved against.
CREATE TABLE known_listings (
  id uuid PRIMARY KEY,
  marketplace_item_id uuid NOT NULL,
  marketplace_instance_id uuid NOT NULL,
  provider_organisation_id uuid NOT NULL,
  price_amount bigint NOT NULL,
  price_currency char(3) NOT NULL,
  disabled boolean NOT NULL,
  version integer NOT NULL
);

-- Items' display names from publishing's item snapshot events (publishing.item.*.v1, applyIfNewer).
CREATE TABLE known_items (
  id uuid PRIMARY KEY,
  display_name text,
  version integer NOT NULL
);

-- One purchase per payment intent (`payment_reference`). `status` is derived from `amount_refunded` and
-- the dispute (domain/purchase.ts); `dispute_version` is the payment update version of the dispute event
-- applied last, so an older dispute event delivered late changes nothing. `version` is the purchase's
-- aggregate version (+1 per change), carried by purchases.purchase.*.v1.
CREATE TABLE purchases (
  id uuid PRIMARY KEY,
  payment_reference text NOT NULL UNIQUE,
  marketplace_item_id uuid NOT NULL,
  display_name text NOT NULL,
  listing_id uuid NOT NULL,
  marketplace_instance_id uuid NOT NULL,
  provider_organisation_id uuid NOT NULL,
  device_id text NOT NULL,
  amount bigint NOT NULL,
  currency char(3) NOT NULL,
  amount_refunded bigint NOT NULL DEFAULT 0,
  status text NOT NULL,
  dispute_status text,
  dispute_version integer NOT NULL DEFAULT 0,
  livemode boolean NOT NULL,
  purchased_at timestamptz NOT NULL,
  version integer NOT NULL DEFAULT 1
);
CREATE INDEX purchases_by_provider ON purchases (provider_organisation_id, livemode, purchased_at DESC, id DESC);

-- Every change of a purchase, append-only: the activity feed.
CREATE TABLE purchase_history (
  seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  purchase_id uuid NOT NULL REFERENCES purchases (id),
  provider_organisation_id uuid NOT NULL,
  livemode boolean NOT NULL,
  kind text NOT NULL,
  amount bigint NOT NULL,
  currency char(3) NOT NULL,
  status text NOT NULL,
  stripe_event_id text NOT NULL UNIQUE,
  marketplace_item_id uuid NOT NULL,
  display_name text NOT NULL,
  device_id text NOT NULL,
  at timestamptz NOT NULL,
  version integer NOT NULL
);
CREATE INDEX purchase_history_by_provider ON purchase_history (provider_organisation_id, livemode, at DESC, seq DESC);

-- Payment updates that could not be matched yet (unknown listing or item, no purchase for a refund or a
-- dispute). Written outside the handler's transaction (which rolls back so the bus redelivers); a later
-- delivery that succeeds sets `resolved_at`. One row per Stripe event.
CREATE TABLE unmatched_payments (
  stripe_event_id text PRIMARY KEY,
  payment_intent_id text NOT NULL,
  kind text NOT NULL,
  listing_id uuid,
  device_id text,
  amount bigint NOT NULL,
  currency char(3) NOT NULL,
  livemode boolean NOT NULL,
  reason text NOT NULL,
  attempts integer NOT NULL DEFAULT 1,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz
);
CREATE INDEX unmatched_payments_open ON unmatched_payments (last_seen_at) WHERE resolved_at IS NULL;
