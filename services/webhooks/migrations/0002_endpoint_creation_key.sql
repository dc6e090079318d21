-- The request that created each endpoint (its X-Request-Id at the gateway, scoped to the organisation)
-- and a SHA-256 digest of the request's values as checked. A creation repeated with the same request id
-- (an ingress resending the POST on another gateway after the first died under it, or a client retrying
-- after an unclear answer) answers the endpoint the first one created, with its signing secret, instead
-- of registering the receiver twice (every event delivered twice); the same id with other values is told
-- apart (409 request-id-reused). NULL for endpoints created before.
ALTER TABLE endpoints ADD COLUMN creation_key text, ADD COLUMN creation_digest text;

CREATE UNIQUE INDEX endpoints_creation_key_idx ON endpoints (organisation_id, creation_key)
  WHERE creation_key IS NOT NULL;
