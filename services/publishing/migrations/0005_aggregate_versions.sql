-- Aggregate versions (docs/events.md, "Ordering"): every item and item release event carries the version of
-- its aggregate, bumped in the transaction that changes the row and appends the event, so consumers can
-- apply an event only when it is newer than what they hold. `version` is the version of the latest event
-- of the row; rows that existed before versions count as version 1. On item_releases the name `version`
-- already holds the release's version string, hence `aggregate_version`.
ALTER TABLE items ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1);
ALTER TABLE item_releases ADD COLUMN aggregate_version integer NOT NULL DEFAULT 1 CHECK (aggregate_version >= 1);

-- Instances are immutable (their only event carries version 1); the column keeps the guard uniform.
ALTER TABLE known_instances ADD COLUMN version integer NOT NULL DEFAULT 1;
