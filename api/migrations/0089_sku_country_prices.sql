-- A country's own prices (issue 77, decision 77's amendment "a country's own prices"): a country whose
-- module says `pricing: 'own'` sells a SKU at the owner's amount in its currency, VAT included, as the
-- shopper pays it (decision 52: set, not converted), and sells only the SKUs it has a row for. Kuwait and
-- Saudi Arabia stay converted from `skus.price` (KWD) and have no rows here.
CREATE TABLE sku_country_prices (
  sku_id INTEGER NOT NULL REFERENCES skus (id),
  country TEXT NOT NULL REFERENCES countries (code),
  -- Minor units of the country's currency, the same checks as skus.
  price INTEGER NOT NULL CHECK (price >= 0),
  old_price INTEGER CHECK (old_price IS NULL OR old_price > price),
  PRIMARY KEY (sku_id, country)
) WITHOUT ROWID;

-- What a listing of an own-priced country filters and sorts on, as products.min_price and max_discount are
-- for the converted ones: one row a product sold there (at least one of its SKUs has a price there), kept
-- in step by api/src/catalogue/maintain.ts. Availability is not kept here: stock moves in places that know
-- no country, so a listing asks the SKUs (their key and skus_product) at read time.
CREATE TABLE product_country_prices (
  product_id INTEGER NOT NULL REFERENCES products (id),
  country TEXT NOT NULL REFERENCES countries (code),
  min_price INTEGER NOT NULL,
  max_discount INTEGER NOT NULL,
  PRIMARY KEY (product_id, country)
) WITHOUT ROWID;
CREATE INDEX product_country_prices_price ON product_country_prices (country, min_price);
CREATE INDEX product_country_prices_discount ON product_country_prices (country, max_discount);
