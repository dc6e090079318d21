-- At most one sale movement per purchase. The ledger writer's cursor lock serialises a purchase's events
-- once its cursor row exists; before that (its first event) nothing is there to lock, so two replicas
-- applying two copies of a purchase's first event (the event and a snapshot of it, under different event
-- ids) at the same moment could each book the sale. With this index the second commit fails instead, its
-- events are applied again alone, and the cursor the first wrote turns them into no-ops.
CREATE UNIQUE INDEX ledger_transactions_one_sale_per_purchase ON ledger_transactions (purchase_id)
  WHERE kind = 'sale';
