-- Home visits are made by nurses. The lab keeps its list of nurses per country (they do not sign in to
-- the back office), assigns one to each booked visit and then confirms the visit, which tells the
-- shopper who is coming. A reschedule clears both: the new time needs a nurse who is free then.
CREATE TABLE nurses (
  id INTEGER PRIMARY KEY,
  country TEXT NOT NULL CHECK (country IN ('KW', 'SA')),
  name TEXT NOT NULL,
  -- E.164, as addresses keep phones.
  phone TEXT NOT NULL,
  active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  created_at INTEGER NOT NULL
);
CREATE INDEX nurses_country ON nurses (country, active, name);

ALTER TABLE blood_test_orders ADD COLUMN nurse_id INTEGER REFERENCES nurses (id);
ALTER TABLE blood_test_orders ADD COLUMN visit_confirmed_at INTEGER;
