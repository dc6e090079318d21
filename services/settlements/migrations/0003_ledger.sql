-- The ledger and settlement statements (contract section 6). Everything here is append-only except a
-- statement's status columns; balances, totals and reports are sums over ledger_entries, never stored
-- running totals.

-- One money movement: a sale, or a reversal (refund, lost dispute) of part of one. `gross` is signed
-- (positive for a sale, negative for a reversal) and always equals the sum of its three entries'
-- amounts; `platform_fee`, `developer_share` and `provider_share` are those amounts, kept here too so a
-- statement line reads one row. `source_event_id` is the purchases event that caused it (at most one
-- movement per event: the inbox and this constraint both say so).
CREATE TABLE ledger_transactions (
  id uuid PRIMARY KEY,
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  source_event_id uuid NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('sale', 'refund', 'dispute')),
  purchase_id uuid NOT NULL,
  marketplace_instance_id uuid NOT NULL,
  marketplace_item_id uuid NOT NULL,
  display_name text NOT NULL,
  device_id text NOT NULL,
  provider_organisation_id uuid NOT NULL,
  developer_organisation_id uuid NOT NULL,
  currency char(3) NOT NULL,
  livemode boolean NOT NULL,
  gross bigint NOT NULL,
  platform_fee bigint NOT NULL,
  developer_share bigint NOT NULL,
  provider_share bigint NOT NULL,
  occurred_at timestamptz NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  CHECK (gross = platform_fee + developer_share + provider_share),
  CHECK ((kind = 'sale') = (gross >= 0))
);
CREATE INDEX ledger_transactions_by_purchase ON ledger_transactions (purchase_id, seq);
CREATE INDEX ledger_transactions_by_provider ON ledger_transactions (provider_organisation_id, livemode, occurred_at);
CREATE INDEX ledger_transactions_by_instance ON ledger_transactions (marketplace_instance_id, currency, occurred_at);

-- A period closed by an admin: its statements were finalized together. One batch per period and mode.
CREATE TABLE statement_batches (
  id uuid PRIMARY KEY,
  period_start timestamptz NOT NULL,
  period_end timestamptz NOT NULL,
  livemode boolean NOT NULL,
  statement_count integer NOT NULL CHECK (statement_count >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL,
  UNIQUE (period_start, period_end, livemode),
  CHECK (period_end > period_start)
);

-- One statement per organisation, role, currency, livemode and UTC calendar month (period_start is the
-- first instant of the month, period_end the first instant of the next). `open` takes new lines;
-- `finalized` (in a batch) and `paid` never change their lines again.
CREATE TABLE statements (
  id uuid PRIMARY KEY,
  organisation_id uuid NOT NULL,
  role text NOT NULL CHECK (role IN ('developer', 'provider')),
  currency char(3) NOT NULL,
  livemode boolean NOT NULL,
  period_start timestamptz NOT NULL,
  period_end timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'finalized', 'paid')),
  batch_id uuid REFERENCES statement_batches (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  finalized_at timestamptz,
  paid_at timestamptz,
  UNIQUE (organisation_id, role, currency, livemode, period_start),
  CHECK ((status = 'open') = (batch_id IS NULL)),
  CHECK (period_end > period_start)
);
CREATE INDEX statements_by_period ON statements (period_start, livemode, status);

-- The entries of a movement: one per party. `party` platform has no organisation and no statement;
-- developer and provider entries name their organisation and the statement they landed in, with
-- `line_kind` the movement's kind, or `adjustment` when the movement's month was already closed and the
-- entry landed in the next open statement. A statement's lines are its entries joined to their
-- movement, ordered by (statement_id, occurred_at, transaction seq).
CREATE TABLE ledger_entries (
  id uuid PRIMARY KEY,
  transaction_id uuid NOT NULL REFERENCES ledger_transactions (id),
  party text NOT NULL CHECK (party IN ('platform', 'developer', 'provider')),
  organisation_id uuid,
  amount bigint NOT NULL,
  statement_id uuid REFERENCES statements (id),
  line_kind text CHECK (line_kind IN ('sale', 'refund', 'dispute', 'adjustment')),
  occurred_at timestamptz NOT NULL,
  UNIQUE (transaction_id, party),
  CHECK ((party = 'platform') = (organisation_id IS NULL)),
  CHECK ((party = 'platform') = (statement_id IS NULL)),
  CHECK ((statement_id IS NULL) = (line_kind IS NULL))
);
CREATE INDEX ledger_entries_statement_lines ON ledger_entries (statement_id, occurred_at, id) WHERE statement_id IS NOT NULL;
CREATE INDEX ledger_entries_by_organisation ON ledger_entries (organisation_id, party, occurred_at) WHERE organisation_id IS NOT NULL;
