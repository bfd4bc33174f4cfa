-- Lookups the phone accounts of decision 43 need. The unique e-mail index skips '' (0047), and a partial
-- index serves only queries that repeat its condition: sign-in and "forgot password" look an address up
-- with `email = ?` alone, so they get a plain index again. Orders whose updates go to a number are found
-- by that number when it stops them.
CREATE INDEX users_email_lookup ON users (email);
CREATE INDEX orders_whatsapp_to ON orders (whatsapp_to) WHERE whatsapp_to IS NOT NULL;
