-- Abuse limits (api/src/lib/limits.ts): one row per counted event, under a key naming what is
-- counted ("register:ip:192.0.2.1", "forgot:email:a@b.co", …). The API's cron deletes old rows.
CREATE TABLE rate_events (
  id INTEGER PRIMARY KEY,
  key TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX rate_events_key ON rate_events (key, at);

-- Failed sign-ins are now counted per (account, address) and per address: 'acct:<email>|<ip>' and
-- 'ip:<ip>'. The old per-account rows ('email:…') locked owners out; they go.
DELETE FROM failed_logins WHERE key LIKE 'email:%';

-- Single-use coupons count one person once: the key is the e-mail's identity (lower case, no
-- "+tag") for accounts and guests alike (api/src/orders/email-identity.ts). Existing keys move to it;
-- OR IGNORE leaves a row that would collide (the same person already redeemed twice) as it was.
UPDATE OR IGNORE coupon_redemptions
SET once_key = COALESCE(coupon_id || ':e' || (
  SELECT lower(CASE WHEN instr(substr(u.email, 1, instr(u.email, '@') - 1), '+') > 1
    THEN substr(u.email, 1, instr(u.email, '+') - 1) || substr(u.email, instr(u.email, '@'))
    ELSE u.email END)
  FROM users u WHERE 'u' || u.id = substr(coupon_redemptions.once_key, instr(coupon_redemptions.once_key, ':') + 1)
), once_key)
WHERE once_key GLOB '*:u[0-9]*';

UPDATE OR IGNORE coupon_redemptions
SET once_key = substr(once_key, 1, instr(once_key, ':e') + 1) || (
  SELECT lower(CASE WHEN instr(substr(e, 1, instr(e, '@') - 1), '+') > 1
    THEN substr(e, 1, instr(e, '+') - 1) || substr(e, instr(e, '@'))
    ELSE e END)
  FROM (SELECT substr(coupon_redemptions.once_key, instr(coupon_redemptions.once_key, ':e') + 2) AS e)
)
WHERE once_key GLOB '*:e*+*@*';
