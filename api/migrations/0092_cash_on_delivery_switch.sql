-- Cash on delivery where the owner allows (issue 77, decision 77's amendment "cash on delivery where the
-- owner allows"): per country, whether the shop offers cash on delivery and the largest amount due a
-- driver collects, in minor units of the country's own currency (not converted). Both NULL until the
-- owner saves her choice on the back office's Amounts page: the country's module then decides
-- (shared/countries/<code>/payments.ts `cash`: offered, no cap), so a country added later needs no row
-- change here. Once she saves, cod_enabled is 0 or 1 and a NULL cod_max_minor means no cap.
ALTER TABLE country_settings ADD COLUMN cod_enabled INTEGER CHECK (cod_enabled IN (0, 1));
ALTER TABLE country_settings ADD COLUMN cod_max_minor INTEGER CHECK (cod_max_minor > 0);
