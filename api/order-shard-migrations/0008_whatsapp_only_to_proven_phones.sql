-- api/migrations/0101's twin (decision 43, amended 2026-11-29): a guest's number was only typed at
-- checkout, so her orders here get no more WhatsApp updates. Accounts' orders cannot be checked against
-- their proven phone in a shard (no users table); their updates follow the rule from the next order on.
UPDATE orders SET whatsapp_to = NULL WHERE whatsapp_to IS NOT NULL AND user_id IS NULL;
