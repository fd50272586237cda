-- whether a view came from a signed-in visitor. the user id is kept only where the owner shows
-- identified visitors, so a signed-in visit can no longer be told from it; rows stored before this
-- column existed were signed in exactly when they carry a user id, which the default reads back.
ALTER TABLE events ADD COLUMN IF NOT EXISTS authenticated UInt8 DEFAULT user_id != '' AFTER user_id;
