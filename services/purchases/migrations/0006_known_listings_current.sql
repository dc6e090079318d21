-- Checkout looks up the caller's current (enabled) listing of an item in an instance.
CREATE INDEX known_listings_current
  ON known_listings (marketplace_item_id, marketplace_instance_id, provider_organisation_id)
  WHERE NOT disabled;
