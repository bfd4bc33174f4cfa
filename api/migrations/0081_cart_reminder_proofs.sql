-- Cart reminders mend (issue 73).
--
-- 1. A guest's cart is reminded only at an address proven hers (decision 72, amended): an order placed
--    with it, or the confirmation mail's link pressed. One row an address identity (lib/email-identity.ts):
--    when the one confirmation mail of its period was asked for (at most one a period, whoever asks), and
--    when the address was last proven. An ask never answered is forgotten a month after it.
CREATE TABLE cart_reminder_proofs (
  email_identity TEXT PRIMARY KEY,
  asked_at INTEGER,
  proven_at INTEGER,
  CHECK (asked_at IS NOT NULL OR proven_at IS NOT NULL)
) WITHOUT ROWID;
-- Retention: an ask nobody answered goes after a month, a proof a year after the last order or "yes".
CREATE INDEX cart_reminder_proofs_asked ON cart_reminder_proofs (asked_at) WHERE proven_at IS NULL;
CREATE INDEX cart_reminder_proofs_proven ON cart_reminder_proofs (proven_at) WHERE proven_at IS NOT NULL;

-- 2. Each reminder row names the cart it went to: its saved_carts row and that cart's last change
--    (cart_version). A shopper's next cart takes her saved_carts row over, and UNIQUE (cart_id, step,
--    channel) then refused the next cart's rows: its mails went unrecorded, uncounted in the owner's
--    figures and in the cron's answer. The order a reminded cart became is kept on the row too, since the
--    saved_carts row forgets it when the next cart takes the row over. Rows sent before their row's
--    current cart (an earlier cart of the same shopper, whose change time is not known) get version 0.
CREATE TABLE cart_reminders_new (
  id INTEGER PRIMARY KEY,
  cart_id INTEGER NOT NULL REFERENCES saved_carts (id) ON DELETE CASCADE,
  cart_version INTEGER NOT NULL,
  step INTEGER NOT NULL CHECK (step IN (1, 2)),
  channel TEXT NOT NULL CHECK (channel IN ('mail', 'whatsapp', 'push')),
  country TEXT NOT NULL CHECK (country IN ('KW', 'SA')),
  sent_at INTEGER NOT NULL,
  opened_at INTEGER,
  recovered_minor INTEGER,
  currency TEXT,
  order_id INTEGER,
  UNIQUE (cart_id, cart_version, step, channel)
);
INSERT INTO cart_reminders_new
  (id, cart_id, cart_version, step, channel, country, sent_at, opened_at, recovered_minor, currency, order_id)
SELECT r.id, r.cart_id, CASE WHEN r.sent_at >= c.updated_at THEN c.updated_at ELSE 0 END, r.step, r.channel,
  r.country, r.sent_at, r.opened_at, r.recovered_minor, r.currency,
  CASE WHEN r.recovered_minor IS NOT NULL AND r.sent_at >= c.updated_at THEN c.order_id END
FROM cart_reminders r JOIN saved_carts c ON c.id = r.cart_id;
DROP TABLE cart_reminders;
ALTER TABLE cart_reminders_new RENAME TO cart_reminders;
CREATE INDEX cart_reminders_sent ON cart_reminders (sent_at);
