-- A ranked search with thousands of matches reads each relevance tier in stock first, then by popularity,
-- from this index (read backwards), and stops when the page is full (decision 25).
CREATE INDEX products_stock_popularity ON products (in_stock, popularity);
