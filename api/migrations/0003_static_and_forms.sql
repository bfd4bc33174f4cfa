-- Messages from the contact form and applications from the become-a-supplier form (static pages).
-- Both keep the sending device (for the per-device hourly limit) and the language the shopper wrote
-- in, so customer care can answer in it. Times are Unix milliseconds.

CREATE TABLE contact_messages (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT,
  subject TEXT NOT NULL CHECK (subject IN ('order', 'product', 'blood_test', 'returns', 'partnership', 'other')),
  message TEXT NOT NULL,
  lang TEXT NOT NULL CHECK (lang IN ('en', 'ar')),
  device_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  status TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'in_progress', 'answered', 'closed'))
);
CREATE INDEX contact_messages_created ON contact_messages (created_at);
CREATE INDEX contact_messages_device ON contact_messages (device_id, created_at);

CREATE TABLE supplier_applications (
  id INTEGER PRIMARY KEY,
  company_name TEXT NOT NULL,
  contact_name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT NOT NULL,
  country TEXT NOT NULL CHECK (country IN ('KW', 'SA', 'other')),
  website TEXT,
  -- JSON array of category codes (shared/api/forms.ts SUPPLIER_CATEGORIES), e.g. ["vitamins","herbal"]
  categories TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(categories) AND json_type(categories) = 'array'),
  message TEXT NOT NULL,
  lang TEXT NOT NULL CHECK (lang IN ('en', 'ar')),
  device_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  status TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'reviewing', 'accepted', 'declined'))
);
CREATE INDEX supplier_applications_created ON supplier_applications (created_at);
CREATE INDEX supplier_applications_device ON supplier_applications (device_id, created_at);
