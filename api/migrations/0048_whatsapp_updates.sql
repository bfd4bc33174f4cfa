-- Order updates and visit reminders on WhatsApp, only for shoppers who asked (decision 43).
--
-- The account's choice (its proven phone gets every order's and booking's updates), and an order's own:
-- the number its updates go to, set at checkout when the shopper ticked the box (or her account had
-- chosen WhatsApp), cleared when the number stops them.
ALTER TABLE users ADD COLUMN whatsapp_updates_at INTEGER;
ALTER TABLE orders ADD COLUMN whatsapp_to TEXT;

-- Numbers that tapped "stop": nothing more is sent to them on WhatsApp until they opt in again.
CREATE TABLE whatsapp_optouts (
  phone TEXT PRIMARY KEY,
  at INTEGER NOT NULL
);

-- A template's URL button takes one parameter: a code (authentication templates) or the stop link's
-- token (updates).
ALTER TABLE message_outbox ADD COLUMN button_param TEXT;
