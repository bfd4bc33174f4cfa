-- The mobile number a gateway method pays from (STC Pay: the account's number, in E.164). The charge is
-- created from it, the sandbox's code step shows it, and the back office can tell which account paid.
-- Null for cards, the wallet and the pay-later providers (which ask the shopper themselves).
ALTER TABLE payments ADD COLUMN payer_phone TEXT;
