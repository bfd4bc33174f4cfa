-- Saudi prices are VAT-inclusive (decision 9): an order keeps the VAT rate it was priced with, so its
-- "includes VAT 15 %" line and its tax invoice stay true if the rate ever changes.
ALTER TABLE orders ADD COLUMN vat_basis_points INTEGER NOT NULL DEFAULT 0 CHECK (vat_basis_points BETWEEN 0 AND 10000);
UPDATE orders SET vat_basis_points = coalesce((SELECT s.vat_basis_points FROM country_settings s WHERE s.country = orders.country), 0) WHERE vat > 0;

-- The order confirmation has an HTML part (the Saudi tax invoice's QR code as a table of cells).
ALTER TABLE mail_outbox ADD COLUMN body_html TEXT;
