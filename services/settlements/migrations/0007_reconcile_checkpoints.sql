-- Reconciliation with Stripe's event list (docs/payments.md): where the last pass left off, and the lease
-- that lets one replica at a time run a pass. `checkpoint` is when the last completed pass began (the next
-- one lists from there minus an overlap); `lease_until` is set by the replica running a pass and cleared
-- when it ends, and a lease left by a replica that died lapses on its own.
CREATE TABLE reconcile_checkpoints (
  source text PRIMARY KEY CHECK (length(source) BETWEEN 1 AND 64),
  checkpoint timestamptz,
  lease_holder uuid,
  lease_until timestamptz,
  last_pass_at timestamptz,
  last_recovered integer NOT NULL DEFAULT 0 CHECK (last_recovered >= 0)
);

INSERT INTO reconcile_checkpoints (source) VALUES ('stripe-events');
