-- Issue 62: the shop's own drivers in Kuwait, and cash on delivery settled.

-- A driver is a staff member holding the new 'driver' role (permission deliveries:drive). SQLite
-- cannot change a CHECK, so staff_roles is rebuilt with the role added (nothing references it).
CREATE TABLE staff_roles_new (
  staff_id INTEGER NOT NULL REFERENCES staff (id),
  role TEXT NOT NULL CHECK (role IN ('owner', 'catalogue_manager', 'fulfilment', 'lab_coordinator', 'support', 'nutritionist', 'driver')),
  -- NULL: every country; else the grant holds in that country only.
  country TEXT CHECK (country IN ('KW', 'SA'))
);
INSERT INTO staff_roles_new (staff_id, role, country) SELECT staff_id, role, country FROM staff_roles;
DROP TABLE staff_roles;
ALTER TABLE staff_roles_new RENAME TO staff_roles;
CREATE UNIQUE INDEX staff_roles_unique ON staff_roles (staff_id, role, IFNULL(country, '*'));

-- Which driver takes a Kuwait area's parcels, or a whole governorate's: an area's own driver first,
-- then the governorate's; a parcel with neither waits unassigned for staff.
CREATE TABLE driver_zones (
  kind TEXT NOT NULL CHECK (kind IN ('area', 'governorate')),
  zone_id INTEGER NOT NULL,
  staff_id INTEGER NOT NULL REFERENCES staff (id),
  PRIMARY KEY (kind, zone_id)
) WITHOUT ROWID;

-- A driver's day: started when the van leaves (every stop on it is then picked up and out for delivery).
CREATE TABLE driver_runs (
  staff_id INTEGER NOT NULL REFERENCES staff (id),
  -- Gulf date YYYY-MM-DD.
  day TEXT NOT NULL,
  started_at INTEGER NOT NULL,
  PRIMARY KEY (staff_id, day)
) WITHOUT ROWID;

-- One parcel of the own carrier: a stop on a driver's run for its delivery day (driver NULL: waiting
-- for staff to assign it). It copies the consignee from the carrier request, as a carrier keeps its
-- own waybill; erasure blanks it with the shipment's other copies of the address.
CREATE TABLE driver_stops (
  id INTEGER PRIMARY KEY,
  -- shipments.reference: creating twice with it makes one stop.
  reference TEXT NOT NULL UNIQUE,
  tracking_number TEXT NOT NULL UNIQUE,
  day TEXT NOT NULL,
  staff_id INTEGER REFERENCES staff (id),
  -- The order on the run (ascending); staff move stops up and down.
  position INTEGER NOT NULL,
  order_number TEXT NOT NULL,
  name TEXT NOT NULL,
  phone TEXT NOT NULL,
  -- JSON array of the address lines as the shopper wrote them, and the area (English).
  address_lines TEXT NOT NULL,
  area TEXT NOT NULL,
  cod_amount INTEGER NOT NULL DEFAULT 0 CHECK (cod_amount >= 0),
  currency TEXT NOT NULL CHECK (currency IN ('KWD', 'SAR')),
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  received_by TEXT CHECK (received_by IN ('customer', 'family', 'guard', 'other')),
  receiver_name TEXT,
  fail_reason TEXT CHECK (fail_reason IN ('not_home', 'no_answer', 'wrong_address', 'refused', 'other')),
  fail_note TEXT,
  -- What the driver says she collected (minor units); a shortfall needs a note.
  cash_collected INTEGER CHECK (cash_collected >= 0),
  cash_note TEXT,
  marked_at INTEGER,
  created_at INTEGER NOT NULL
);
CREATE INDEX driver_stops_run ON driver_stops (day, staff_id, position);

-- The driver's marks as tracking events (the own carrier's track() reads them, oldest first).
CREATE TABLE driver_stop_events (
  id INTEGER PRIMARY KEY,
  stop_id INTEGER NOT NULL REFERENCES driver_stops (id),
  status TEXT NOT NULL CHECK (status IN ('picked_up', 'out_for_delivery', 'delivered', 'failed_attempt')),
  reason TEXT,
  at INTEGER NOT NULL,
  UNIQUE (stop_id, status, at)
);
CREATE INDEX driver_stop_events_stop ON driver_stop_events (stop_id, id);

-- The cash a driver hands in at the end of a day, counted by staff against the day's list.
CREATE TABLE driver_handins (
  staff_id INTEGER NOT NULL REFERENCES staff (id),
  day TEXT NOT NULL,
  currency TEXT NOT NULL CHECK (currency IN ('KWD', 'SAR')),
  -- The cash of the day's delivered stops, and what was counted, minor units.
  expected_minor INTEGER NOT NULL,
  handed_minor INTEGER NOT NULL CHECK (handed_minor >= 0),
  note TEXT,
  recorded_by INTEGER NOT NULL REFERENCES staff (id),
  recorded_at INTEGER NOT NULL,
  PRIMARY KEY (staff_id, day)
) WITHOUT ROWID;

-- A carrier's cash-on-delivery remittance statement, imported once: the same file twice is refused.
CREATE TABLE cod_remittances (
  id INTEGER PRIMARY KEY,
  carrier TEXT NOT NULL CHECK (carrier IN ('local', 'aramex', 'smsa', 'dhl', 'own')),
  statement_ref TEXT NOT NULL,
  -- SHA-256 of the file's bytes, hex.
  file_hash TEXT NOT NULL UNIQUE,
  file_name TEXT NOT NULL,
  currency TEXT NOT NULL CHECK (currency IN ('KWD', 'SAR')),
  line_count INTEGER NOT NULL,
  total_minor INTEGER NOT NULL,
  imported_at INTEGER NOT NULL,
  staff_id INTEGER NOT NULL REFERENCES staff (id)
);

-- Each line of a statement as matched: a shipment is paid by one line only (UNIQUE), so a line
-- already matched in an earlier statement is refused rather than counted twice.
CREATE TABLE cod_remittance_lines (
  id INTEGER PRIMARY KEY,
  remittance_id INTEGER NOT NULL REFERENCES cod_remittances (id),
  line_no INTEGER NOT NULL,
  tracking_number TEXT,
  reference TEXT,
  amount_minor INTEGER NOT NULL,
  currency TEXT NOT NULL CHECK (currency IN ('KWD', 'SAR')),
  shipment_id INTEGER NOT NULL REFERENCES shipments (id),
  outcome TEXT NOT NULL CHECK (outcome IN ('matched', 'short', 'over')),
  -- The date the carrier says it paid, as the statement wrote it, when it has one.
  remitted_on TEXT
);
CREATE UNIQUE INDEX cod_remittance_lines_shipment ON cod_remittance_lines (shipment_id);
CREATE INDEX cod_remittance_lines_remittance ON cod_remittance_lines (remittance_id, line_no);
