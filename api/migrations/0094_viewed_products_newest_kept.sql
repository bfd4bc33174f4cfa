-- Her recently viewed list keeps its newest 24 (VIEWED_KEPT, shared/catalogue/viewed.ts) whoever writes it
-- (decision 82). Her view of a product is now written in her product read's own batch (one round trip
-- instead of a second one after the answer), which cannot know beforehand whether her list is full; the
-- trim it used to send as a statement of its own when it was runs here, once per row a view adds (viewing
-- a product again updates its row and adds none). A test pins the number to VIEWED_KEPT.
CREATE TRIGGER viewed_products_newest_kept AFTER INSERT ON viewed_products
BEGIN
  DELETE FROM viewed_products WHERE user_id = NEW.user_id AND product_id NOT IN (
    SELECT product_id FROM viewed_products WHERE user_id = NEW.user_id ORDER BY viewed_at DESC LIMIT 24);
END;
