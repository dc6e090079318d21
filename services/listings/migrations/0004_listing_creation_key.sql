-- The request that created each listing (its X-Request-Id at the gateway, scoped to the provider's
-- organisation) and a SHA-256 digest of the request's values as checked. A creation repeated with the
-- same request id (a client retrying after an unclear answer, an ingress resending the POST on another
-- gateway after the first died under it) answers the listing the first one created instead of
-- superseding it with a copy; the same id with other values is told apart (409 request-id-reused). NULL
-- for listings created before.
ALTER TABLE listings ADD COLUMN creation_key text, ADD COLUMN creation_digest text;

CREATE UNIQUE INDEX listings_creation_key_idx ON listings (provider_organisation_id, creation_key)
  WHERE creation_key IS NOT NULL;
