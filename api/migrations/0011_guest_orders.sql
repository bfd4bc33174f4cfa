-- Guests find their orders: a link with an unguessable token (256 random bits; only its SHA-256 is
-- stored) opens one order without an account. A token is made for the success page and for each
-- confirmation mail or order lookup, so no plain token is ever kept.
CREATE TABLE order_links (
  token_hash TEXT PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders (id),
  created_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX order_links_order ON order_links (order_id);

-- Guest orders are matched by e-mail whatever its case: the lookup page, and linking them to an
-- account once it has proven the address.
CREATE INDEX orders_guest_email ON orders (lower(guest_email)) WHERE user_id IS NULL;

-- A new account whose address has guest orders gets a link by mail; opening it proves the address
-- and moves those orders into the account. Single use, hashed, one day.
CREATE TABLE email_verifications (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  email TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
) WITHOUT ROWID;
