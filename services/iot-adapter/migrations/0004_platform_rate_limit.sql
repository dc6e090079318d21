-- The request budget for the Infuse-IoT platform that every replica shares (INFUSE_MAX_RPS): the table
-- rate-limiter-flexible's PostgreSQL store keeps (its own layout: key, points used in the current window,
-- the window's end in epoch milliseconds). One row, `infuse-iot:platform`.
CREATE TABLE platform_rate_limit (
  key varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
