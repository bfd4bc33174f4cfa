-- Issue 77: the United Arab Emirates, a country of the shop by configuration (decision 77, amendment
-- "the United Arab Emirates"). Its structural facts are the module shared/countries/ae/; these are its
-- rows, the owner's to change in the back office. Needs migration 0088 (the country checks refer to
-- countries(code)), so the rows below pass them.

-- The country: AED, 2 decimals, the rate from KWD as the other rows keep it (scaled by 10000: 1 KWD is
-- about 11.95 AED today; only a converted price reads it).
INSERT INTO countries (id, code, name_en, name_ar, currency, decimals, exchange_rate_scaled, is_default, sort_order) VALUES
  (3, 'AE', 'United Arab Emirates', 'الإمارات العربية المتحدة', 'AED', 2, 119500, 0, 3);

-- VAT 5 %, included in prices; a delivery fee of AED 25; round dirham amounts (decision 52), the
-- module's defaults (shared/countries/ae/amounts.ts). free_shipping_fils is no longer read (0056).
INSERT INTO country_settings (country, free_shipping_fils, delivery_fee, vat_basis_points, free_delivery_minor,
  price_quick_max_minor, price_range_max_minor, unlock_margin_minor, wallet_top_up_max_minor) VALUES
  ('AE', 16000, 2500, 500, 20000, 25000, 1000000, 2500, 500000);

-- The places of the emirate-area form: the seven emirates are the courier's cities of the country (an
-- address's city_id, a delivery zone's id); the area is typed (addresses.district).
INSERT INTO dhl_countries (id, code, name_en, name_ar) VALUES (3, 'AE', 'United Arab Emirates', 'الإمارات العربية المتحدة');
INSERT INTO dhl_cities (id, dhl_country_id, name_en, name_ar) VALUES
  (26, 3, 'Dubai', 'دبي'),
  (27, 3, 'Abu Dhabi', 'أبوظبي'),
  (28, 3, 'Sharjah', 'الشارقة'),
  (29, 3, 'Ajman', 'عجمان'),
  (30, 3, 'Umm Al Quwain', 'أم القيوين'),
  (31, 3, 'Ras Al Khaimah', 'رأس الخيمة'),
  (32, 3, 'Fujairah', 'الفجيرة');

-- The Makani number of an Emirates address: 10 digits on the building's entrance plate, optional.
ALTER TABLE addresses ADD COLUMN makani TEXT;

-- Delivery (decision 65): the Dubai warehouse hands over Monday to Friday; the couriers deliver Monday to
-- Saturday (the weekend is Saturday and Sunday: no handing over then, and Sunday no delivery). The
-- promise's clock is the Gulf's (UTC+3), an hour behind Dubai: the 2 pm Dubai cut-off is 1 pm Gulf
-- (780), noon in Ramadan (660). Next day in Dubai, Sharjah and Ajman (AED 20), 3 working days elsewhere.
INSERT INTO delivery_rules (country, dispatch_days, delivery_days, cutoff_minute, ramadan_cutoff_minute, updated_at) VALUES
  ('AE', '12345', '123456', 780, 660, 0);
INSERT INTO delivery_speeds (country, speed, zones, transit_days, fee_minor) VALUES
  ('AE', 'next_day', '26,28,29', 1, 2000),
  ('AE', 'standard', 'all', 3, NULL);

-- Carriers (decision 66): Aramex takes cash orders and next-day parcels, DHL Express the rest.
INSERT INTO carrier_rules (country, priority, zones, speed, cod, max_weight_grams, carrier, updated_at) VALUES
  ('AE', 10, 'all', 'any', 'yes', NULL, 'aramex', 0),
  ('AE', 20, 'all', 'next_day', 'any', NULL, 'aramex', 0),
  ('AE', 30, 'all', 'any', 'any', NULL, 'dhl', 0);

-- Loyalty (decision 60): as Saudi Arabia's, a point per dirham; tiers in dirhams.
INSERT INTO loyalty_rules (country, points_per_unit, blood_test_points_per_unit, consultation_points_per_unit,
  review_points, birthday_points, redeem_step_points, redeem_step_value, min_payable, expiry_months,
  expiry_notice_days, referral_discount, referral_min_subtotal, referrer_points, referral_monthly_cap)
VALUES ('AE', 1, 1, 1, 50, 100, 100, 200, 1000, 12, 30, 2000, 10000, 500, 5);
INSERT INTO loyalty_tiers (country, tier, min_spend, earn_multiplier_bp, free_delivery_minor, early_access_hours) VALUES
  ('AE', 'bronze', 0, 10000, NULL, 0),
  ('AE', 'silver', 120000, 12500, 15000, 24),
  ('AE', 'gold', 360000, 15000, 10000, 48);

-- The how-it-works page's delivery section for the country (every country has one: the page reads each).
INSERT INTO info_instructions (a, b, title_en, title_ar, body_en, body_ar) VALUES
  ('delivery', 'AE', 'Delivery in the Emirates', 'التوصيل في الإمارات',
   'We deliver to every emirate from our Dubai warehouse through our courier partners: the next working day in Dubai, Sharjah and Ajman, and within 3 working days elsewhere. The weekend is Saturday and Sunday.

Delivery is free above the free-delivery threshold shown in your cart. Prices include 5% VAT.',
   'نوصل إلى جميع الإمارات من مستودعنا في دبي عبر شركائنا في الشحن: في يوم العمل التالي في دبي والشارقة وعجمان، وخلال 3 أيام عمل في غيرها. عطلة نهاية الأسبوع السبت والأحد.

التوصيل مجاني للطلبات التي تتجاوز حد التوصيل المجاني الظاهر في سلتك. الأسعار شاملة ضريبة القيمة المضافة 5٪.');
