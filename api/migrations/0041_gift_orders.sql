-- Send as a gift (decision 34): an order delivered to someone else. The order's address is
-- the recipient's (the courier's delivery); the buyer keeps the account or guest e-mail, the invoice and
-- the payment. This row holds what only a gift has: the message in its language and the requested
-- delivery date (a Gulf calendar day). Written in the same batch as the order; a gift's packing slip
-- never shows prices.
CREATE TABLE order_gifts (
  order_id INTEGER PRIMARY KEY REFERENCES orders (id),
  recipient TEXT NOT NULL,
  phone TEXT NOT NULL,
  message TEXT CHECK (message IS NULL OR length(message) <= 250),
  message_lang TEXT CHECK (message_lang IS NULL OR message_lang IN ('ar', 'en')),
  delivery_date TEXT CHECK (delivery_date IS NULL OR delivery_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  created_at INTEGER NOT NULL
);

-- The back office lists gift orders by the day they are wanted.
CREATE INDEX order_gifts_delivery_date ON order_gifts (delivery_date) WHERE delivery_date IS NOT NULL;
