-- The request budget for the Infuse-IoT platform that every replica shares (INFUSE_MAX_RPS), as a sliding
-- one-second window: one row per request a second may hold (slots 1..INFUSE_MAX_RPS, kept in step by the
-- adapter at start), each with the time it last granted a request. A request is granted by taking a slot
-- whose last grant is at least one second old, in one atomic UPDATE, so no one-second span ever holds
-- more than INFUSE_MAX_RPS grants (platform-token-bucket.ts). Times are PostgreSQL's, one clock for all
-- replicas. Replaces platform_rate_limit (0004), whose fixed windows let up to 2 x the rate through
-- across a window boundary; that table is no longer read.
CREATE TABLE platform_request_slots (
  slot integer PRIMARY KEY,
  granted_at timestamptz NOT NULL DEFAULT 'epoch'
);
