-- The lowest enabled public price of each item, kept on the item's row (docs/catalogue.md, "Search"). The
-- public catalogue lists a published item exactly when it has one, and sorts by it; reading it from the
-- row instead of looking it up in `listings` per matching item takes the per-match lookup (a thousand for
-- a common word) off every search.
--
-- Maintained by the read-model writer in the transaction of every listing event and every item event
-- (`refreshFromPrice`, under a per-item advisory lock): it is recomputed from `listings`, never adjusted,
-- so it is the minimum over the item's enabled public listings in its instance whatever the order, or the
-- number of times, the events arrive in. NULL when there is none.
ALTER TABLE items ADD COLUMN from_price_amount bigint;

UPDATE items i SET from_price_amount = (
  SELECT min(l.price_amount) FROM listings l
  WHERE l.marketplace_item_id = i.id AND l.marketplace_instance_id = i.marketplace_instance_id
    AND NOT l.disabled AND l.visibility = 'public');

-- Listed items only: the unsearched catalogue in each order (newest first by default), and the rows a
-- search's matches are joined against.
CREATE INDEX items_listed_created_idx ON items (marketplace_instance_id, created_at, id)
  WHERE status = 'published' AND from_price_amount IS NOT NULL;
CREATE INDEX items_listed_price_idx ON items (marketplace_instance_id, from_price_amount, id)
  WHERE status = 'published' AND from_price_amount IS NOT NULL;
CREATE INDEX items_listed_name_idx ON items (marketplace_instance_id, name_folded, id)
  WHERE status = 'published' AND from_price_amount IS NOT NULL;
