-- Issue 62, decision 65: the delivery promise kept with the order. The speed she chose, the Gulf date
-- the shop promised when she placed it (YYYY-MM-DD), and when the shop found the promise missed (the
-- hourly sweep: not delivered by the end of that day). The twin is api/order-shard-migrations/0003.
ALTER TABLE orders ADD COLUMN delivery_speed TEXT CHECK (delivery_speed IN ('same_day', 'next_day', 'standard'));
ALTER TABLE orders ADD COLUMN promised_date TEXT CHECK (promised_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]');
ALTER TABLE orders ADD COLUMN promise_missed_at INTEGER;
-- The sweep's walk: orders with a promise, not yet found late, by date.
CREATE INDEX orders_promise_open ON orders (promised_date) WHERE promised_date IS NOT NULL AND promise_missed_at IS NULL;
