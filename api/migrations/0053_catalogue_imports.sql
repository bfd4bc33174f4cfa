-- Catalogue and stock files imported in the back office (decision 48). A file is checked first: its
-- plan (one row a line: what each product and size was, what it becomes, the stock to add) is kept
-- here, applied in one batch when the manager confirms it, and undone from the same rows. The rows
-- are the import's record; the audit log names the import.
CREATE TABLE catalogue_imports (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('catalogue', 'stock')),
  -- 'checked' → 'applied' → 'reverted'. Applying or undoing moves it in the batch that does the work,
  -- and a batch that finds the catalogue changed since the check writes a status the CHECK refuses.
  status TEXT NOT NULL CHECK (status IN ('checked', 'applied', 'reverted')),
  file_name TEXT NOT NULL,
  row_count INTEGER NOT NULL,
  -- Counts (created, updated, unchanged, units) and the brands and categories the file creates.
  summary_json TEXT NOT NULL,
  checked_by INTEGER NOT NULL REFERENCES staff (id),
  checked_at INTEGER NOT NULL,
  applied_by INTEGER REFERENCES staff (id),
  applied_at INTEGER,
  reverted_by INTEGER REFERENCES staff (id),
  reverted_at INTEGER
);
CREATE INDEX catalogue_imports_recent ON catalogue_imports (checked_at DESC);

CREATE TABLE catalogue_import_rows (
  import_id INTEGER NOT NULL REFERENCES catalogue_imports (id),
  line INTEGER NOT NULL,
  product_slug TEXT,
  -- An existing product's id; a new product's is given when the import is applied (the highest id
  -- then plus product_seq), so two imports never fight over ids chosen at check time.
  product_id INTEGER,
  product_seq INTEGER,
  -- On the product's first line only: what the import does to the product itself.
  product_action TEXT CHECK (product_action IN ('create', 'update', 'keep')),
  sku_id INTEGER,
  sku_seq INTEGER,
  sku_action TEXT NOT NULL CHECK (sku_action IN ('create', 'update', 'keep')),
  -- Units added (negative: taken away). A catalogue file's stock column sets the figure as of the
  -- check; storing the difference keeps the orders placed between the check and the import.
  stock_delta INTEGER NOT NULL DEFAULT 0,
  -- {"product": {...}, "sku": {...}, "search": {...}} as checked, and as the import writes them.
  before_json TEXT,
  after_json TEXT,
  reason TEXT,
  PRIMARY KEY (import_id, line)
) WITHOUT ROWID;
CREATE INDEX catalogue_import_rows_product ON catalogue_import_rows (import_id, product_id);
