-- The twin of api/migrations/0076_order_promise.sql (decision 65): the speed she chose, the Gulf date
-- promised when she placed the order, and when the hourly sweep found the promise missed.
ALTER TABLE orders ADD COLUMN delivery_speed TEXT CHECK (delivery_speed IN ('same_day', 'next_day', 'standard'));
ALTER TABLE orders ADD COLUMN promised_date TEXT CHECK (promised_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]');
ALTER TABLE orders ADD COLUMN promise_missed_at INTEGER;
CREATE INDEX orders_promise_open ON orders (promised_date) WHERE promised_date IS NOT NULL AND promise_missed_at IS NULL;
