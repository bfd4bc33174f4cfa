-- Delivery places and addresses. Kuwait: governorate → area, block, street…; Saudi Arabia: city (courier
-- list), district, street, building number, postal code. Real places, in English and Arabic.

CREATE TABLE governorates (id INTEGER PRIMARY KEY, name_en TEXT NOT NULL, name_ar TEXT NOT NULL, sort_order INTEGER NOT NULL);
CREATE TABLE areas (id INTEGER PRIMARY KEY, governorate_id INTEGER NOT NULL REFERENCES governorates (id), name_en TEXT NOT NULL, name_ar TEXT NOT NULL);
CREATE INDEX areas_governorate ON areas (governorate_id);
-- Courier (DHL) destinations: countries and their cities.
CREATE TABLE dhl_countries (id INTEGER PRIMARY KEY, code TEXT NOT NULL UNIQUE, name_en TEXT NOT NULL, name_ar TEXT NOT NULL);
CREATE TABLE dhl_cities (id INTEGER PRIMARY KEY, dhl_country_id INTEGER NOT NULL REFERENCES dhl_countries (id), name_en TEXT NOT NULL, name_ar TEXT NOT NULL);
CREATE INDEX dhl_cities_country ON dhl_cities (dhl_country_id);
CREATE TABLE addresses (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  country TEXT NOT NULL CHECK (country IN ('KW', 'SA')),
  label TEXT NOT NULL DEFAULT '',
  recipient TEXT NOT NULL,
  phone TEXT NOT NULL,
  area_id INTEGER REFERENCES areas (id),
  block TEXT, street TEXT, avenue TEXT, building TEXT, floor TEXT, apartment TEXT,
  city_id INTEGER REFERENCES dhl_cities (id),
  district TEXT, building_number TEXT, postal_code TEXT, short_address TEXT,
  is_default INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  deleted_at INTEGER
);
CREATE INDEX addresses_user ON addresses (user_id, deleted_at);

INSERT INTO governorates (id, name_en, name_ar, sort_order) VALUES (1, 'Capital', 'العاصمة', 1), (2, 'Hawalli', 'حولي', 2), (3, 'Farwaniya', 'الفروانية', 3), (4, 'Mubarak Al-Kabeer', 'مبارك الكبير', 4), (5, 'Ahmadi', 'الأحمدي', 5), (6, 'Jahra', 'الجهراء', 6);
INSERT INTO areas (id, governorate_id, name_en, name_ar) VALUES (1, 1, 'Kuwait City', 'مدينة الكويت'), (2, 1, 'Dasman', 'دسمان'), (3, 1, 'Sharq', 'شرق'), (4, 1, 'Mirqab', 'المرقاب'), (5, 1, 'Qibla', 'القبلة'), (6, 1, 'Dasma', 'الدسمة'), (7, 1, 'Bneid Al-Gar', 'بنيد القار'), (8, 1, 'Kaifan', 'كيفان'), (9, 1, 'Shamiya', 'الشامية'), (10, 1, 'Shuwaikh', 'الشويخ'), (11, 1, 'Abdullah Al-Salem', 'ضاحية عبدالله السالم'), (12, 1, 'Adailiya', 'العديلية'), (13, 1, 'Khaldiya', 'الخالدية'), (14, 1, 'Qadsiya', 'القادسية'), (15, 1, 'Rawda', 'الروضة'), (16, 1, 'Yarmouk', 'اليرموك'), (17, 1, 'Surra', 'السرة'), (18, 1, 'Faiha', 'الفيحاء'), (19, 1, 'Nuzha', 'النزهة'), (20, 1, 'Mansouriya', 'المنصورية'), (21, 1, 'Qortuba', 'قرطبة'), (22, 1, 'Granada', 'غرناطة'), (23, 1, 'Sulaibikhat', 'الصليبيخات'), (24, 1, 'Doha', 'الدوحة'), (25, 2, 'Hawalli', 'حولي'), (26, 2, 'Salmiya', 'السالمية'), (27, 2, 'Jabriya', 'الجابرية'), (28, 2, 'Rumaithiya', 'الرميثية'), (29, 2, 'Bayan', 'بيان'), (30, 2, 'Mishref', 'مشرف'), (31, 2, 'Salwa', 'سلوى'), (32, 2, 'Shaab', 'الشعب'), (33, 2, 'Shuhada', 'الشهداء'), (34, 2, 'Hittin', 'حطين'), (35, 2, 'Zahra', 'الزهراء'), (36, 2, 'Siddiq', 'الصديق'), (37, 2, 'Salam', 'السلام'), (38, 2, 'Mubarak Al-Abdullah', 'مبارك العبدالله'), (39, 3, 'Farwaniya', 'الفروانية'), (40, 3, 'Khaitan', 'خيطان'), (41, 3, 'Jleeb Al-Shuyoukh', 'جليب الشيوخ'), (42, 3, 'Omariya', 'العمرية'), (43, 3, 'Rabiya', 'الرابية'), (44, 3, 'Rehab', 'الرحاب'), (45, 3, 'Ardiya', 'العارضية'), (46, 3, 'Andalus', 'الأندلس'), (47, 3, 'Ishbiliya', 'إشبيلية'), (48, 3, 'Abdullah Al-Mubarak', 'عبدالله المبارك'), (49, 3, 'Sabah Al-Nasser', 'صباح الناصر'), (50, 3, 'Firdous', 'الفردوس'), (51, 3, 'Rai', 'الري'), (52, 3, 'Dhajeej', 'الضجيج'), (53, 4, 'Mubarak Al-Kabeer', 'مبارك الكبير'), (54, 4, 'Adan', 'العدان'), (55, 4, 'Qurain', 'القرين'), (56, 4, 'Qusour', 'القصور'), (57, 4, 'Sabah Al-Salem', 'صباح السالم'), (58, 4, 'Messila', 'المسيلة'), (59, 4, 'Abu Fatira', 'أبو فطيرة'), (60, 4, 'Fnaitees', 'الفنيطيس'), (61, 4, 'Abu Al-Hasaniya', 'أبو الحصانية'), (62, 4, 'Sabhan', 'صبحان'), (63, 5, 'Ahmadi', 'الأحمدي'), (64, 5, 'Fahaheel', 'الفحيحيل'), (65, 5, 'Mangaf', 'المنقف'), (66, 5, 'Abu Halifa', 'أبو حليفة'), (67, 5, 'Fintas', 'الفنطاس'), (68, 5, 'Mahboula', 'المهبولة'), (69, 5, 'Egaila', 'العقيلة'), (70, 5, 'Riqqa', 'الرقة'), (71, 5, 'Hadiya', 'هدية'), (72, 5, 'Sabahiya', 'الصباحية'), (73, 5, 'Fahad Al-Ahmad', 'فهد الأحمد'), (74, 5, 'Jaber Al-Ali', 'جابر العلي'), (75, 5, 'Wafra', 'الوفرة'), (76, 5, 'Khairan', 'الخيران'), (77, 5, 'Sabah Al-Ahmad', 'صباح الأحمد'), (78, 6, 'Jahra', 'الجهراء'), (79, 6, 'Saad Al-Abdullah', 'سعد العبدالله'), (80, 6, 'Qasr', 'القصر'), (81, 6, 'Naeem', 'النعيم'), (82, 6, 'Oyoun', 'العيون'), (83, 6, 'Waha', 'الواحة'), (84, 6, 'Taima', 'تيماء'), (85, 6, 'Nasseem', 'النسيم'), (86, 6, 'Qairawan', 'القيروان'), (87, 6, 'Abdali', 'العبدلي');
INSERT INTO dhl_countries (id, code, name_en, name_ar) VALUES (1, 'SA', 'Saudi Arabia', 'المملكة العربية السعودية'), (2, 'KW', 'Kuwait', 'الكويت');
INSERT INTO dhl_cities (id, dhl_country_id, name_en, name_ar) VALUES (1, 1, 'Riyadh', 'الرياض'), (2, 1, 'Jeddah', 'جدة'), (3, 1, 'Mecca', 'مكة المكرمة'), (4, 1, 'Medina', 'المدينة المنورة'), (5, 1, 'Dammam', 'الدمام'), (6, 1, 'Khobar', 'الخبر'), (7, 1, 'Dhahran', 'الظهران'), (8, 1, 'Taif', 'الطائف'), (9, 1, 'Tabuk', 'تبوك'), (10, 1, 'Abha', 'أبها'), (11, 1, 'Khamis Mushait', 'خميس مشيط'), (12, 1, 'Buraydah', 'بريدة'), (13, 1, 'Unaizah', 'عنيزة'), (14, 1, 'Hail', 'حائل'), (15, 1, 'Najran', 'نجران'), (16, 1, 'Jazan', 'جازان'), (17, 1, 'Yanbu', 'ينبع'), (18, 1, 'Jubail', 'الجبيل'), (19, 1, 'Al Ahsa', 'الأحساء'), (20, 1, 'Qatif', 'القطيف'), (21, 1, 'Al Kharj', 'الخرج'), (22, 1, 'Al Baha', 'الباحة'), (23, 1, 'Arar', 'عرعر'), (24, 1, 'Sakaka', 'سكاكا'), (25, 1, 'Hafar Al-Batin', 'حفر الباطن');
