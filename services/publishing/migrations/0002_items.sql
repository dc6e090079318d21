-- Marketplace items: one link of an IoT application per developer organisation and instance. The unique
-- constraint (not application code) is what makes a second link a 409 even under concurrent requests.
CREATE TABLE items (
  id uuid PRIMARY KEY,
  organisation_id uuid NOT NULL,
  marketplace_instance_id uuid NOT NULL REFERENCES known_instances (id),
  infuse_iot_application_id integer NOT NULL,
  type text NOT NULL CHECK (type IN ('app', 'algorithm')),
  status text NOT NULL CHECK (status IN ('draft', 'published', 'unpublished', 'retired')),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  published_at timestamptz,
  CONSTRAINT items_one_link_per_instance UNIQUE (marketplace_instance_id, organisation_id, infuse_iot_application_id)
);

CREATE INDEX items_organisation_idx ON items (organisation_id, created_at, id);
