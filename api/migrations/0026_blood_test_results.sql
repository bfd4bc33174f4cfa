-- Blood-test results (the back office's Blood tests area): one row per biomarker of an
-- order's tests, entered by a lab coordinator and approved by a SECOND staff member before the shopper
-- sees anything. Values and reference limits are decimals as typed (normalised: Latin digits, a dot),
-- kept as text so "5.0" stays "5.0". Editing a result clears its approval; once the order is
-- results_ready (the shopper has them) results are locked. Decision 0025 (addendum).
CREATE TABLE blood_test_results (
  order_id INTEGER NOT NULL REFERENCES blood_test_orders (id),
  biomarker_id INTEGER NOT NULL REFERENCES biomarkers (id),
  value TEXT NOT NULL,
  unit TEXT NOT NULL,
  ref_low TEXT,
  ref_high TEXT,
  comment TEXT NOT NULL DEFAULT '',
  -- Who entered the value or last changed it.
  entered_by INTEGER NOT NULL REFERENCES staff (id),
  entered_at INTEGER NOT NULL,
  approved_by INTEGER REFERENCES staff (id),
  approved_at INTEGER,
  -- The four-eyes rule in the data itself: nobody approves what they entered, even in a race.
  CONSTRAINT blood_test_results_second_person CHECK (approved_by IS NULL OR approved_by <> entered_by),
  CHECK ((approved_by IS NULL) = (approved_at IS NULL)),
  PRIMARY KEY (order_id, biomarker_id)
) WITHOUT ROWID;

-- The day's visits per zone (the staff's visit list) and the results worklist by status.
CREATE INDEX blood_test_orders_visit_day ON blood_test_orders (slot_date, zone);
CREATE INDEX blood_test_orders_status ON blood_test_orders (status, visit_at);
