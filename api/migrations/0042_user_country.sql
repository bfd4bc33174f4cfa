-- The country a signed-in shopper last shopped in (the storefront's country switch, sent with every
-- request): alerts are priced in it when they are sent, not in the country of the request that asked
-- for them. Written by /user/sync when it changes; NULL until then (alerts fall back as before).
ALTER TABLE users ADD COLUMN country TEXT CHECK (country IS NULL OR country IN ('KW', 'SA'));
