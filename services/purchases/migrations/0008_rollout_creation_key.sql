-- The request that created each rollout (its X-Request-Id at the gateway, scoped to the organisation)
-- and a SHA-256 digest of the request's values as parsed. A creation repeated with the same request id
-- (an ingress resending the POST on another gateway after the first died under it, or a client retrying
-- after an unclear answer) answers the rollout the first one created instead of rolling the version out
-- twice; the same id with other values is told apart (409 request-id-reused). NULL for older rollouts.
ALTER TABLE rollouts ADD COLUMN creation_key text, ADD COLUMN creation_digest text;

CREATE UNIQUE INDEX rollouts_creation_key_idx ON rollouts (provider_organisation_id, creation_key)
  WHERE creation_key IS NOT NULL;
