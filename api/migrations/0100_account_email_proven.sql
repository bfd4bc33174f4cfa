-- An account's e-mail is proven (decision 85): only then does the shop mail it more than the proof-class
-- mails (the confirmation link, a reset link, a restricted "order received"). Set when the mailed
-- verification link is opened, when a reset through the mailed link is completed, when an order of hers is
-- paid by card or delivered, and when decision 72 proved the same address for a guest's cart.
ALTER TABLE users ADD COLUMN email_proven_at INTEGER;

-- Backfill, for live accounts with an address:
UPDATE users SET email_proven_at = coalesce(
  -- a verification link she opened for the address she has (sign-up with guest orders, or add-email);
  (SELECT min(v.used_at) FROM email_verifications v
     WHERE v.user_id = users.id AND v.used_at IS NOT NULL AND lower(v.email) = lower(users.email)),
  -- a reset completed through the mailed link;
  (SELECT min(r.used_at) FROM password_resets r WHERE r.user_id = users.id AND r.used_at IS NOT NULL),
  -- an account with no password and an address: made with a phone, its address joined only through the
  -- add-email link (those verification rows are gone after their retention);
  CASE WHEN users.password_hash = '' AND users.phone_verified_at IS NOT NULL THEN users.created_at END,
  -- an order of hers paid by card or delivered (decision 72's proof by an order; shard 0's orders, which
  -- before the first order shard are all of them);
  (SELECT min(coalesce(o.delivered_at, o.updated_at)) FROM orders o
     WHERE o.user_id = users.id AND (o.delivered_at IS NOT NULL
       OR EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id AND p.status = 'succeeded'))),
  -- the same address proven for a guest's cart (its identity, unfolded: lower case, trimmed).
  (SELECT p.proven_at FROM cart_reminder_proofs p
     WHERE p.email_identity = lower(trim(users.email)) AND p.proven_at IS NOT NULL)
)
WHERE deleted_at IS NULL AND email <> '';
