-- Category-led listing filter: a category page narrows by category first, then stock and price.
CREATE INDEX products_category_stock_price ON products (category_id, in_stock, min_price);
-- Give the planner statistics so it picks the most selective index.
ANALYZE;
