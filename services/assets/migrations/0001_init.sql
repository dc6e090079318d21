-- The assets schema. Its own tables arrive with its issue; the bus tables (outbox, inbox, dead letters)
-- are applied before this file by the runtime.
SELECT 1;
