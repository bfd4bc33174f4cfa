-- Staff invitations (decision 27): an owner invites a member by e-mail; the link (a single-use
-- token of 72 hours, stored hashed) lets them choose a password and enrol their authenticator app.
-- Until then the member's password hash is empty, which never verifies.
CREATE TABLE staff_invitations (
  token_hash TEXT PRIMARY KEY,
  staff_id INTEGER NOT NULL REFERENCES staff (id),
  created_by INTEGER REFERENCES staff (id),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX staff_invitations_staff ON staff_invitations (staff_id);
