-- Recently viewed and what is bought together (issue 64, decision 73).
--
-- A signed-in shopper's recently viewed products, so they follow her to any device (a guest's stay in
-- her browser). One row a product: viewing it again moves it to the front. Kept 90 days after the view
-- (retention/windows.ts), the newest 24 a shopper; gone with her account.
CREATE TABLE viewed_products (
  user_id INTEGER NOT NULL REFERENCES users (id),
  product_id INTEGER NOT NULL,
  viewed_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, product_id)
);
-- Her list reads her own rows by the key (24 at most, sorted in memory); the retention run finds old
-- views by their time.
CREATE INDEX viewed_products_age ON viewed_products (viewed_at);

-- What shoppers bought together, learned from the last year of orders by a nightly job
-- (catalogue/co-purchases.ts), per country. kind 'together': in the same order; 'also': by the same
-- shopper in different orders. score: the orders' count, each weighted by its age (half-life 90 days);
-- shoppers: how many different shoppers bought both. A pair bought by fewer than the minimum is never
-- written, so no row describes one shopper's baskets. A refresh writes its rows under its own
-- refreshed_at, then drops the older ones: readers always see one whole run.
CREATE TABLE co_purchases (
  country TEXT NOT NULL CHECK (country IN ('KW', 'SA')),
  kind TEXT NOT NULL CHECK (kind IN ('together', 'also')),
  product_id INTEGER NOT NULL,
  related_product_id INTEGER NOT NULL,
  score REAL NOT NULL,
  shoppers INTEGER NOT NULL,
  refreshed_at INTEGER NOT NULL,
  PRIMARY KEY (country, kind, product_id, related_product_id)
);
