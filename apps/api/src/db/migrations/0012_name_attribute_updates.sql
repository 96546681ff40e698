-- A name's attributes (its avatar, bio...) can be changed later with a message its address
-- signed (`POST /v1/profile/account/{name}/attributes`). The latest signed update is kept as
-- the proof, with its timestamp: an update older than the last one is refused (no replay).
-- Names registered before this migration have had no update: updated_at stays NULL and the
-- API answers their registration time.
ALTER TABLE names ADD COLUMN updated_at timestamptz;
ALTER TABLE names ADD COLUMN attributes_timestamp bigint;
ALTER TABLE names ADD COLUMN attributes_message text;
ALTER TABLE names ADD COLUMN attributes_signature text;
