-- The iot-adapter now chooses where a release binary is stored (under the owning organisation) and reports
-- the key with the stored outcome, so a release has no object key until it is available.
ALTER TABLE item_releases ALTER COLUMN object_key DROP NOT NULL;
ALTER TABLE item_releases
  ADD CONSTRAINT item_releases_available_has_key CHECK (status <> 'available' OR object_key IS NOT NULL);
