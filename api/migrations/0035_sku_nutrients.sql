-- The daily dose of each nutrient a SKU gives: what the blood-test suggestion rules read to
-- offer a product only when its dose is known, within the rule's window and at most the nutrient's
-- tolerable upper intake level (shared/blood-tests/upper-limits.ts). One serving a day, as the label
-- states it: amount is decimal text (Latin digits, a dot) in unit. The catalogue seed writes these rows
-- with the SKUs (api/seed/rows.ts: skuNutrientRows); a SKU the back office adds has none, so no rule
-- offers it until a dose is recorded. Rows go with their SKU.
CREATE TABLE sku_nutrients (
  sku_id INTEGER NOT NULL REFERENCES skus (id) ON DELETE CASCADE,
  nutrient TEXT NOT NULL,
  amount TEXT NOT NULL CHECK (amount GLOB '[0-9]*' AND amount NOT GLOB '*[^0-9.]*'),
  unit TEXT NOT NULL CHECK (unit IN ('IU', 'mcg', 'mg')),
  PRIMARY KEY (sku_id, nutrient)
) WITHOUT ROWID;

-- A rule's candidates: the SKUs with a dose of its nutrient in its unit.
CREATE INDEX sku_nutrients_nutrient ON sku_nutrients (nutrient, unit, sku_id);
