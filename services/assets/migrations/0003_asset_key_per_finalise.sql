-- Finalise copies each upload to a key of its own attempt (orgs/<org>/assets/<id>/<attempt>) and records
-- the winning copy's key with the verdict, so an asset has an object key only once it is ready. Uploads
-- moved to the uploads/ prefix, which a bucket lifecycle rule expires.
ALTER TABLE assets ALTER COLUMN object_key DROP NOT NULL;
UPDATE assets SET object_key = NULL WHERE status <> 'ready';
ALTER TABLE assets ADD CONSTRAINT assets_ready_has_object CHECK (status <> 'ready' OR object_key IS NOT NULL);
