-- Order updates on WhatsApp go only to a phone a code proved (decision 43, amended 2026-11-29). Orders
-- placed before kept the number typed at checkout: a stranger's order could still have the shop message
-- it at each step. Those numbers are taken off (the shopper's mail carries on); an account's proven
-- phone stays. An order shard (decision 61) has no users table: its twin (order-shard-migrations 0008)
-- takes off its guests' numbers, and its accounts' orders follow the rule from their next order on.
UPDATE orders
SET whatsapp_to = NULL
WHERE whatsapp_to IS NOT NULL
  AND NOT EXISTS (
    SELECT 1 FROM users u WHERE u.id = orders.user_id AND u.phone = orders.whatsapp_to AND u.phone_verified_at IS NOT NULL
  );
