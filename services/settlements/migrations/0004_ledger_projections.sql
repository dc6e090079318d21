-- What the ledger writer needs from other services, kept from their events (contract section 7: no
-- call-backs), and the per-purchase cursor that orders the ledger's movements.

-- Items (publishing.item.*.v1): the developer organisation and display name, newest version wins.
CREATE TABLE ledger_items (
  id uuid PRIMARY KEY,
  developer_organisation_id uuid NOT NULL,
  marketplace_instance_id uuid NOT NULL,
  display_name text,
  version integer NOT NULL CHECK (version > 0)
);

-- The base price history of an item: one row per item event version, with the base price the item had
-- from the event's occurredAt on (NULL: none set). The price in force at an instant is the one of the row
-- with the latest effective_from at or before it (the highest version on a tie). Rows arrive in any order;
-- a repeated version writes nothing.
CREATE TABLE ledger_item_prices (
  item_id uuid NOT NULL,
  version integer NOT NULL CHECK (version > 0),
  effective_from timestamptz NOT NULL,
  amount bigint CHECK (amount >= 0),
  currency char(3),
  PRIMARY KEY (item_id, version),
  CHECK ((amount IS NULL) = (currency IS NULL))
);
CREATE INDEX ledger_item_prices_in_force ON ledger_item_prices (item_id, effective_from DESC, version DESC);

-- Instances (catalogue.instance.*.v1): the platform fee, with its history like prices (an instance never
-- changes today, so one row from its createdAt; the table keeps a later fee change from rewriting history).
CREATE TABLE ledger_instance_fees (
  instance_id uuid NOT NULL,
  version integer NOT NULL CHECK (version > 0),
  effective_from timestamptz NOT NULL,
  platform_fee_bps integer NOT NULL CHECK (platform_fee_bps BETWEEN 0 AND 10000),
  PRIMARY KEY (instance_id, version)
);
CREATE INDEX ledger_instance_fees_in_force ON ledger_instance_fees (instance_id, effective_from DESC, version DESC);

-- The purchase events applied to the ledger so far: `version` is the last purchase version handled (each
-- purchases.purchase.*.v1 event is applied only when it is exactly the next one, so movements follow the
-- purchase's own order). `rejected`: the sale could not be recorded (currency mismatch) and was
-- dead-lettered; later events of that purchase are dead-lettered too, never half-applied.
CREATE TABLE ledger_purchases (
  purchase_id uuid PRIMARY KEY,
  version integer NOT NULL CHECK (version > 0),
  rejected boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);
