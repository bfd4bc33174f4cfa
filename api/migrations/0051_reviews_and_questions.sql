-- Reviews, ratings and questions (decision 44). Nothing a shopper writes is shown before it passes the
-- shop's rules: every row is written 'pending' or, when the shop lets clean texts through, 'approved'
-- by the rules themselves (held_for empty); staff decide the rest. The author sees a rejection's reason.

-- Settings of the shop as a whole (per-country ones stay in country_settings).
CREATE TABLE shop_settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;
-- 'staff': every text waits for a person; 'rules': texts the filters pass are shown at once.
INSERT INTO shop_settings (key, value) VALUES ('reviews.moderation', 'staff'), ('reviews.request_days', '7');

CREATE TABLE reviews (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products (id),
  user_id INTEGER NOT NULL REFERENCES users (id),
  rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  title TEXT NOT NULL DEFAULT '',
  body TEXT NOT NULL,
  lang TEXT NOT NULL CHECK (lang IN ('en', 'ar')),
  -- Bought and received (a delivered order holds the product) when written.
  verified INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
  -- The rules that held it, JSON: ["profanity", "link", "health_claim", "reported"]; [] when none did.
  held_for TEXT NOT NULL DEFAULT '[]',
  reject_reason TEXT,
  helpful_count INTEGER NOT NULL DEFAULT 0,
  report_count INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  decided_at INTEGER,
  decided_by INTEGER REFERENCES staff (id)
);
CREATE UNIQUE INDEX reviews_one_per_shopper ON reviews (product_id, user_id);
CREATE INDEX reviews_user ON reviews (user_id);
-- The product page's orders, over the shown reviews only.
CREATE INDEX reviews_shown_helpful ON reviews (product_id, helpful_count DESC, id DESC) WHERE status = 'approved';
CREATE INDEX reviews_shown_newest ON reviews (product_id, id DESC) WHERE status = 'approved';
CREATE INDEX reviews_shown_rating ON reviews (product_id, rating, id DESC) WHERE status = 'approved';
CREATE INDEX reviews_queue ON reviews (status, updated_at) WHERE status = 'pending';

CREATE TABLE review_photos (
  review_id INTEGER NOT NULL REFERENCES reviews (id),
  position INTEGER NOT NULL,
  -- The stem of its stored renditions (api/src/media/renditions.ts, kind 'review').
  r2_key TEXT NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  PRIMARY KEY (review_id, position)
) WITHOUT ROWID;

-- "Was this helpful": one vote a shopper, on a review or an answer.
CREATE TABLE review_votes (
  review_id INTEGER NOT NULL REFERENCES reviews (id),
  user_id INTEGER NOT NULL REFERENCES users (id),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (review_id, user_id)
) WITHOUT ROWID;

CREATE TABLE review_reports (
  review_id INTEGER NOT NULL REFERENCES reviews (id),
  user_id INTEGER NOT NULL REFERENCES users (id),
  reason TEXT NOT NULL CHECK (reason IN ('spam', 'offensive', 'off_topic', 'medical', 'other')),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (review_id, user_id)
) WITHOUT ROWID;

CREATE TABLE questions (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products (id),
  user_id INTEGER NOT NULL REFERENCES users (id),
  body TEXT NOT NULL,
  lang TEXT NOT NULL CHECK (lang IN ('en', 'ar')),
  status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
  held_for TEXT NOT NULL DEFAULT '[]',
  reject_reason TEXT,
  created_at INTEGER NOT NULL,
  decided_at INTEGER,
  decided_by INTEGER REFERENCES staff (id)
);
CREATE INDEX questions_shown ON questions (product_id, id DESC) WHERE status = 'approved';
CREATE INDEX questions_queue ON questions (status, created_at) WHERE status = 'pending';
CREATE INDEX questions_user ON questions (user_id);

-- An answer comes from a verified buyer of the product (user_id) or from the shop (staff_id).
CREATE TABLE answers (
  id INTEGER PRIMARY KEY,
  question_id INTEGER NOT NULL REFERENCES questions (id),
  user_id INTEGER REFERENCES users (id),
  staff_id INTEGER REFERENCES staff (id),
  body TEXT NOT NULL,
  lang TEXT NOT NULL CHECK (lang IN ('en', 'ar')),
  status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
  held_for TEXT NOT NULL DEFAULT '[]',
  reject_reason TEXT,
  helpful_count INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  decided_at INTEGER,
  decided_by INTEGER REFERENCES staff (id),
  CHECK ((user_id IS NULL) <> (staff_id IS NULL))
);
CREATE INDEX answers_question ON answers (question_id, helpful_count DESC, id) WHERE status = 'approved';
CREATE INDEX answers_queue ON answers (status, created_at) WHERE status = 'pending';
CREATE INDEX answers_user ON answers (user_id) WHERE user_id IS NOT NULL;

CREATE TABLE answer_votes (
  answer_id INTEGER NOT NULL REFERENCES answers (id),
  user_id INTEGER NOT NULL REFERENCES users (id),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (answer_id, user_id)
) WITHOUT ROWID;

-- A product's shown ratings, kept with every decision so cards and the rating sort read one row:
-- the count, the sum, and a score (Bayesian average × 1000, 0 with no rating) that the listing sorts by.
ALTER TABLE products ADD COLUMN rating_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE products ADD COLUMN rating_sum INTEGER NOT NULL DEFAULT 0;
ALTER TABLE products ADD COLUMN rating_score INTEGER NOT NULL DEFAULT 0;
CREATE INDEX products_rating ON products (rating_score DESC, id) WHERE is_active = 1;

-- The mail that asks for a review, once an order (its delivery date plus the shop's days).
ALTER TABLE orders ADD COLUMN review_request_at INTEGER;
CREATE INDEX orders_review_request_due ON orders (delivered_at) WHERE review_request_at IS NULL AND delivered_at IS NOT NULL;
-- Orders delivered before reviews existed are not asked about now.
UPDATE orders SET review_request_at = delivered_at WHERE delivered_at IS NOT NULL;
