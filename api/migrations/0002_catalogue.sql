-- Catalogue: categories (two levels), brands, products with SKUs, attributes, nutritionists and their
-- curated lists, home-page sections, purchase-together links, giveaways, search history, and the
-- product search index. Money is integer fils (KWD minor units).

CREATE TABLE categories (
  id INTEGER PRIMARY KEY,
  parent_id INTEGER REFERENCES categories (id),
  slug TEXT NOT NULL UNIQUE,
  name_en TEXT NOT NULL,
  name_ar TEXT NOT NULL,
  color TEXT NOT NULL,
  sort_order INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX categories_parent ON categories (parent_id, sort_order);

CREATE TABLE brands (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  name_en TEXT NOT NULL,
  name_ar TEXT NOT NULL,
  color TEXT NOT NULL,
  description_en TEXT NOT NULL DEFAULT '',
  description_ar TEXT NOT NULL DEFAULT '',
  is_featured INTEGER NOT NULL DEFAULT 0,
  sort_order INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX brands_name_en ON brands (name_en);
CREATE INDEX brands_name_ar ON brands (name_ar);

CREATE TABLE products (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  brand_id INTEGER NOT NULL REFERENCES brands (id),
  category_id INTEGER NOT NULL REFERENCES categories (id),
  name_en TEXT NOT NULL,
  name_ar TEXT NOT NULL,
  description_en TEXT NOT NULL DEFAULT '',
  description_ar TEXT NOT NULL DEFAULT '',
  suggested_use_en TEXT NOT NULL DEFAULT '',
  suggested_use_ar TEXT NOT NULL DEFAULT '',
  -- JSON arrays of short tags shown with the suggested use, e.g. ["immunity","bones"]
  tags_en TEXT NOT NULL DEFAULT '[]',
  tags_ar TEXT NOT NULL DEFAULT '[]',
  ingredients_en TEXT NOT NULL DEFAULT '',
  ingredients_ar TEXT NOT NULL DEFAULT '',
  warnings_en TEXT NOT NULL DEFAULT '',
  warnings_ar TEXT NOT NULL DEFAULT '',
  default_sku_id INTEGER,
  free_delivery INTEGER NOT NULL DEFAULT 1,
  popularity INTEGER NOT NULL DEFAULT 0,
  is_active INTEGER NOT NULL DEFAULT 1,
  created_at INTEGER NOT NULL,
  -- Kept in step with the product's SKUs (see api/src/catalogue/denormalise.ts): listing filters and
  -- sorts read them without a join.
  min_price INTEGER NOT NULL DEFAULT 0,
  max_discount INTEGER NOT NULL DEFAULT 0,
  in_stock INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX products_category ON products (category_id, popularity DESC);
CREATE INDEX products_brand ON products (brand_id, popularity DESC);
CREATE INDEX products_price ON products (min_price);
CREATE INDEX products_popularity ON products (popularity DESC);
CREATE INDEX products_created ON products (created_at DESC);
CREATE INDEX products_stock_price ON products (in_stock, min_price);

CREATE TABLE skus (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products (id),
  name_en TEXT NOT NULL,
  name_ar TEXT NOT NULL,
  price INTEGER NOT NULL CHECK (price >= 0),
  old_price INTEGER CHECK (old_price IS NULL OR old_price > price),
  stock INTEGER NOT NULL DEFAULT 0 CHECK (stock >= 0),
  buy_limit INTEGER CHECK (buy_limit IS NULL OR buy_limit > 0),
  sort_order INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX skus_product ON skus (product_id, sort_order);

CREATE TABLE product_images (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products (id),
  sku_id INTEGER REFERENCES skus (id),
  r2_key TEXT NOT NULL,
  alt_en TEXT NOT NULL,
  alt_ar TEXT NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  sort_order INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX product_images_product ON product_images (product_id, sort_order);

CREATE TABLE attributes (
  id INTEGER PRIMARY KEY,
  group_key TEXT NOT NULL CHECK (group_key IN ('form', 'diet', 'flavour', 'size')),
  slug TEXT NOT NULL UNIQUE,
  name_en TEXT NOT NULL,
  name_ar TEXT NOT NULL,
  sort_order INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE product_attributes (
  product_id INTEGER NOT NULL REFERENCES products (id),
  attribute_id INTEGER NOT NULL REFERENCES attributes (id),
  PRIMARY KEY (product_id, attribute_id)
) WITHOUT ROWID;
CREATE INDEX product_attributes_attribute ON product_attributes (attribute_id, product_id);

CREATE TABLE nutritionists (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  name_en TEXT NOT NULL,
  name_ar TEXT NOT NULL,
  title_en TEXT NOT NULL,
  title_ar TEXT NOT NULL,
  bio_en TEXT NOT NULL,
  bio_ar TEXT NOT NULL,
  photo_key TEXT NOT NULL,
  years_experience INTEGER NOT NULL DEFAULT 0,
  sort_order INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE nutritionist_lists (
  id INTEGER PRIMARY KEY,
  nutritionist_id INTEGER NOT NULL REFERENCES nutritionists (id),
  name_en TEXT NOT NULL,
  name_ar TEXT NOT NULL,
  sort_order INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX nutritionist_lists_owner ON nutritionist_lists (nutritionist_id, sort_order);

CREATE TABLE nutritionist_list_items (
  list_id INTEGER NOT NULL REFERENCES nutritionist_lists (id),
  product_id INTEGER NOT NULL REFERENCES products (id),
  note_en TEXT NOT NULL DEFAULT '',
  note_ar TEXT NOT NULL DEFAULT '',
  sort_order INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (list_id, product_id)
) WITHOUT ROWID;

CREATE TABLE home_sections (
  id INTEGER PRIMARY KEY,
  type TEXT NOT NULL CHECK (type IN ('banner', 'categories', 'popular', 'brands', 'nutritionist_banner', 'quiz', 'collection')),
  title_en TEXT NOT NULL DEFAULT '',
  title_ar TEXT NOT NULL DEFAULT '',
  -- JSON: banners {items:[{image_key,link,alt_en,alt_ar}]}, collection {product_ids:[…]}, etc.
  payload TEXT NOT NULL DEFAULT '{}',
  sort_order INTEGER NOT NULL DEFAULT 0,
  is_active INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE purchase_together (
  product_id INTEGER NOT NULL REFERENCES products (id),
  related_product_id INTEGER NOT NULL REFERENCES products (id),
  sort_order INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (product_id, related_product_id)
) WITHOUT ROWID;

CREATE TABLE giveaway_items (
  id INTEGER PRIMARY KEY,
  sku_id INTEGER NOT NULL REFERENCES skus (id),
  -- Cart subtotal (fils) from which the gift is added.
  min_subtotal INTEGER NOT NULL,
  title_en TEXT NOT NULL,
  title_ar TEXT NOT NULL,
  is_active INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE search_terms (
  id INTEGER PRIMARY KEY,
  device_id TEXT NOT NULL,
  user_id INTEGER,
  term TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX search_terms_device ON search_terms (device_id, created_at DESC);
CREATE INDEX search_terms_user ON search_terms (user_id, created_at DESC);

-- Full-text index over normalised English and Arabic text (shared/search/normalize.ts); rowid = product id.
CREATE VIRTUAL TABLE product_search USING fts5 (
  name, brand, category, ingredients, tags,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);
-- Its vocabulary, for correcting one typo in a query word.
CREATE VIRTUAL TABLE product_search_vocab USING fts5vocab (product_search, 'row');
