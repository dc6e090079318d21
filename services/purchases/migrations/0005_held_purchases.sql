-- A payment whose amount or currency differs from its listing's price makes a purchase that is kept but
-- never usable: status `held`, with why in `held_reason` (null for a payment that matched). History rows
-- repeat it, so the activity feed shows it without reading the purchases.
ALTER TABLE purchases
  ADD COLUMN held_reason text CHECK (held_reason IN ('amount-mismatch', 'currency-mismatch'));

ALTER TABLE purchase_history
  ADD COLUMN held_reason text CHECK (held_reason IN ('amount-mismatch', 'currency-mismatch'));
