-- Issue 60: a price-drop alert is due only when the price falls below what the watcher last saw,
-- whatever changed it (a hand edit, an import, an import's undo). price_seen is that price, in base
-- currency minor units (as skus.price): the SKU's price when she added the item, when she turned its
-- alert on, or the price her last alert announced. NULL only for a row an older release wrote, which
-- falls back to the last alert's price or the price at add.
ALTER TABLE wishlist_items ADD COLUMN price_seen INTEGER;

UPDATE wishlist_items SET price_seen = coalesce(price_alerted_price, price_at_add);
