-- Uploaded icons and gallery images. A row is created with the upload session (pending) and becomes ready
-- or rejected when finalised; organisation_id scopes every read (another organisation's asset is 404).
CREATE TABLE assets (
  id uuid PRIMARY KEY,
  organisation_id uuid NOT NULL,
  asset_type text NOT NULL CHECK (asset_type IN ('icon', 'image')),
  mime_type text NOT NULL CHECK (mime_type IN ('image/png', 'image/jpeg')),
  file_name text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 255),
  object_key text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'ready', 'rejected')),
  size_bytes bigint,
  width integer,
  height integer,
  reasons text[] NOT NULL DEFAULT '{}',
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  finalised_at timestamptz,
  CHECK (status <> 'ready' OR (size_bytes IS NOT NULL AND width IS NOT NULL AND height IS NOT NULL))
);

CREATE INDEX assets_organisation_idx ON assets (organisation_id, created_at, id);
