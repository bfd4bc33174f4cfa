-- The shop addresses the shopper in one form in Arabic (issue 73, docs/recipes/add-a-text.md, "Arabic
-- conventions"): the generic second person masculine. Migration 0020 (generated from
-- api/seed/data/blood-tests.ts, and locked as applied) wrote two tests' preparation in the feminine
-- ("فاحجزي"); the catalogue rows say it as every other text does. Bookings keep the preparation they
-- were made with (their own copy is a record).
UPDATE blood_tests
SET preparation_ar = REPLACE(preparation_ar, 'فاحجزي', 'فاحجز')
WHERE preparation_ar LIKE '%فاحجزي%';
