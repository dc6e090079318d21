-- Aggregate versions (docs/events.md, "Ordering"): the version of the instance event applied, so a
-- snapshot or a redelivery is applied only when newer. Instances are immutable: it stays 1.
ALTER TABLE known_instances ADD COLUMN version integer NOT NULL DEFAULT 1;
