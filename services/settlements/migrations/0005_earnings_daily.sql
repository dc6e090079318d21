-- Earnings pre-aggregated per UTC day, so sums over long windows read a few rows per day instead of every
-- movement. One row per provider organisation, mode, currency, UTC day, item and instance; the columns are
-- the earnings definitions summed over that day's movements:
--   gross_sales = sum(gross) of sales, refunds = sum(-gross) of reversals, platform_fees, developer_costs,
--   net_earnings = sums of platform_fee, developer_share, provider_share (signed), sale_count = sales.
-- It is maintained only by the trigger below, in the same database transaction as the movements it sums
-- (the ledger is append-only: no update or delete of ledger_transactions exists to follow), so it cannot
-- drift from the raw rows. `display_name` is the item's name on its latest movement of the day
-- (`name_at`), so lists can name an item as it was last sold.
CREATE TABLE earnings_daily (
  provider_organisation_id uuid NOT NULL,
  livemode boolean NOT NULL,
  currency char(3) NOT NULL,
  day date NOT NULL,
  marketplace_item_id uuid NOT NULL,
  marketplace_instance_id uuid NOT NULL,
  display_name text NOT NULL,
  name_at timestamptz NOT NULL,
  gross_sales bigint NOT NULL,
  refunds bigint NOT NULL,
  platform_fees bigint NOT NULL,
  developer_costs bigint NOT NULL,
  net_earnings bigint NOT NULL,
  sale_count bigint NOT NULL,
  PRIMARY KEY (provider_organisation_id, livemode, day, currency, marketplace_item_id, marketplace_instance_id)
);
-- The platform's fees per instance (admin): every provider's rows of a mode over a window.
CREATE INDEX earnings_daily_by_instance ON earnings_daily (livemode, day, marketplace_instance_id, currency);

-- The same sums per UTC hour, read only for the partial days at a window's edges (a window rarely starts at
-- midnight): the whole hours of an edge day come from here, only the partial hours from the raw movements.
CREATE TABLE earnings_hourly (
  provider_organisation_id uuid NOT NULL,
  livemode boolean NOT NULL,
  currency char(3) NOT NULL,
  hour timestamptz NOT NULL,
  marketplace_item_id uuid NOT NULL,
  marketplace_instance_id uuid NOT NULL,
  display_name text NOT NULL,
  name_at timestamptz NOT NULL,
  gross_sales bigint NOT NULL,
  refunds bigint NOT NULL,
  platform_fees bigint NOT NULL,
  developer_costs bigint NOT NULL,
  net_earnings bigint NOT NULL,
  sale_count bigint NOT NULL,
  PRIMARY KEY (provider_organisation_id, livemode, hour, currency, marketplace_item_id, marketplace_instance_id)
);
CREATE INDEX earnings_hourly_by_instance ON earnings_hourly (livemode, hour, marketplace_instance_id, currency);

-- One statement-level trigger (transition table): a bulk insert updates each key once, not once per row.
-- Keys are upserted in primary-key order, so concurrent writers lock them in the same order. The search
-- path is the migration's (this service's schema), so a writer with another search path (a bulk seed
-- naming the schema) still reaches this schema's aggregate.
CREATE FUNCTION earnings_daily_add() RETURNS trigger
LANGUAGE plpgsql
SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO earnings_daily AS d (
    provider_organisation_id, livemode, currency, day, marketplace_item_id, marketplace_instance_id,
    display_name, name_at, gross_sales, refunds, platform_fees, developer_costs, net_earnings, sale_count)
  SELECT provider_organisation_id, livemode, currency, (occurred_at AT TIME ZONE 'UTC')::date,
         marketplace_item_id, marketplace_instance_id,
         (array_agg(display_name ORDER BY occurred_at DESC, seq DESC))[1], max(occurred_at),
         coalesce(sum(gross) FILTER (WHERE kind = 'sale'), 0),
         coalesce(sum(-gross) FILTER (WHERE gross < 0), 0),
         sum(platform_fee), sum(developer_share), sum(provider_share),
         count(*) FILTER (WHERE kind = 'sale')
    FROM added
   GROUP BY 1, 2, 3, 4, 5, 6
   ORDER BY 1, 2, 4, 3, 5, 6
  ON CONFLICT (provider_organisation_id, livemode, day, currency, marketplace_item_id, marketplace_instance_id)
  DO UPDATE SET
    display_name = CASE WHEN EXCLUDED.name_at >= d.name_at THEN EXCLUDED.display_name ELSE d.display_name END,
    name_at = greatest(d.name_at, EXCLUDED.name_at),
    gross_sales = d.gross_sales + EXCLUDED.gross_sales,
    refunds = d.refunds + EXCLUDED.refunds,
    platform_fees = d.platform_fees + EXCLUDED.platform_fees,
    developer_costs = d.developer_costs + EXCLUDED.developer_costs,
    net_earnings = d.net_earnings + EXCLUDED.net_earnings,
    sale_count = d.sale_count + EXCLUDED.sale_count;
  INSERT INTO earnings_hourly AS h (
    provider_organisation_id, livemode, currency, hour, marketplace_item_id, marketplace_instance_id,
    display_name, name_at, gross_sales, refunds, platform_fees, developer_costs, net_earnings, sale_count)
  SELECT provider_organisation_id, livemode, currency, date_trunc('hour', occurred_at, 'UTC'),
         marketplace_item_id, marketplace_instance_id,
         (array_agg(display_name ORDER BY occurred_at DESC, seq DESC))[1], max(occurred_at),
         coalesce(sum(gross) FILTER (WHERE kind = 'sale'), 0),
         coalesce(sum(-gross) FILTER (WHERE gross < 0), 0),
         sum(platform_fee), sum(developer_share), sum(provider_share),
         count(*) FILTER (WHERE kind = 'sale')
    FROM added
   GROUP BY 1, 2, 3, 4, 5, 6
   ORDER BY 1, 2, 4, 3, 5, 6
  ON CONFLICT (provider_organisation_id, livemode, hour, currency, marketplace_item_id, marketplace_instance_id)
  DO UPDATE SET
    display_name = CASE WHEN EXCLUDED.name_at >= h.name_at THEN EXCLUDED.display_name ELSE h.display_name END,
    name_at = greatest(h.name_at, EXCLUDED.name_at),
    gross_sales = h.gross_sales + EXCLUDED.gross_sales,
    refunds = h.refunds + EXCLUDED.refunds,
    platform_fees = h.platform_fees + EXCLUDED.platform_fees,
    developer_costs = h.developer_costs + EXCLUDED.developer_costs,
    net_earnings = h.net_earnings + EXCLUDED.net_earnings,
    sale_count = h.sale_count + EXCLUDED.sale_count;
  RETURN NULL;
END
$$;

CREATE TRIGGER ledger_transactions_earnings_daily
  AFTER INSERT ON ledger_transactions
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION earnings_daily_add();

-- Rows recorded before this migration (none in a fresh deployment) are summed once here, into both.
INSERT INTO earnings_daily (
  provider_organisation_id, livemode, currency, day, marketplace_item_id, marketplace_instance_id,
  display_name, name_at, gross_sales, refunds, platform_fees, developer_costs, net_earnings, sale_count)
SELECT provider_organisation_id, livemode, currency, (occurred_at AT TIME ZONE 'UTC')::date,
       marketplace_item_id, marketplace_instance_id,
       (array_agg(display_name ORDER BY occurred_at DESC, seq DESC))[1], max(occurred_at),
       coalesce(sum(gross) FILTER (WHERE kind = 'sale'), 0),
       coalesce(sum(-gross) FILTER (WHERE gross < 0), 0),
       sum(platform_fee), sum(developer_share), sum(provider_share),
       count(*) FILTER (WHERE kind = 'sale')
  FROM ledger_transactions
 GROUP BY 1, 2, 3, 4, 5, 6;

INSERT INTO earnings_hourly (
  provider_organisation_id, livemode, currency, hour, marketplace_item_id, marketplace_instance_id,
  display_name, name_at, gross_sales, refunds, platform_fees, developer_costs, net_earnings, sale_count)
SELECT provider_organisation_id, livemode, currency, date_trunc('hour', occurred_at, 'UTC'),
       marketplace_item_id, marketplace_instance_id,
       (array_agg(display_name ORDER BY occurred_at DESC, seq DESC))[1], max(occurred_at),
       coalesce(sum(gross) FILTER (WHERE kind = 'sale'), 0),
       coalesce(sum(-gross) FILTER (WHERE gross < 0), 0),
       sum(platform_fee), sum(developer_share), sum(provider_share),
       count(*) FILTER (WHERE kind = 'sale')
  FROM ledger_transactions
 GROUP BY 1, 2, 3, 4, 5, 6;
