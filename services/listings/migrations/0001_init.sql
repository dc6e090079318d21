-- Instances listings has learned of from catalogue.instance.created.v1. Offerings and listings are
-- created only in instances listed here, so listings never calls the catalogue to validate a request.
CREATE TABLE known_instances (
  id uuid PRIMARY KEY,
  owner_organisation_id uuid NOT NULL,
  default_currency char(3) NOT NULL,
  platform_fee_bps integer NOT NULL,
  created_at timestamptz NOT NULL,
  learned_at timestamptz NOT NULL DEFAULT now()
);
