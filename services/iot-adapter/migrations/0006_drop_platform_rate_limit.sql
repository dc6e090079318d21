-- platform_rate_limit (0004) was rate-limiter-flexible's store for the platform request budget. Since 0005
-- the budget is the sliding window in platform_request_slots and nothing reads or writes the old table
-- (nor depends on it), so it goes. IF EXISTS: a schema whose table was already dropped by hand migrates too.
DROP TABLE IF EXISTS platform_rate_limit;
