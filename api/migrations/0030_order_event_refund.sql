-- A 'refunded' step on an order's timeline names its refund: a card refund the
-- gateway fails after the shopper was told (the correction mail goes out) leaves the shopper's
-- timeline, which shows money that went back, not money that was promised. NULL for rows written
-- before this column, whose refunds never failed later.
ALTER TABLE order_events ADD COLUMN refund_id INTEGER REFERENCES refunds (id);
