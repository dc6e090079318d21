-- The request that last rotated each endpoint's secret (its X-Request-Id at the gateway). A rotation
-- repeated with the same request id (a client retrying after an unclear answer, an ingress resending it)
-- answers the secret that rotation made instead of rotating again: a second rotation would make the
-- first new secret the previous one and stop signing with the secret the receiver still holds at once,
-- without the 24 hours to switch. NULL until a rotation with a request id.
ALTER TABLE endpoints ADD COLUMN rotation_key text;
