-- Search relevance and recall (decision 23).
-- Synonyms as data, so the back office can edit them: phrases of one set mean the same thing. Each phrase
-- is stored normalised (shared/search/normalize.ts: no article, ة as ه, lower case), as the index is.
CREATE TABLE search_synonyms (
  id INTEGER PRIMARY KEY,
  set_id INTEGER NOT NULL,
  phrase TEXT NOT NULL,
  UNIQUE (set_id, phrase)
);
CREATE INDEX search_synonyms_set ON search_synonyms (set_id);

INSERT INTO search_synonyms (set_id, phrase) VALUES
  (1, 'fish oil'), (1, 'omega 3'), (1, 'زيت سمك'), (1, 'اوميغا 3'),
  (2, 'whey'), (2, 'مصل لبن'), (2, 'واي'),
  (3, 'black seed'), (3, 'nigella'), (3, 'حبه سوداء'), (3, 'حبه بركه'), (3, 'كمون اسود'),
  (4, 'multivitamin'), (4, 'multi vitamin'), (4, 'فيتامينات متعدده'), (4, 'ملتي فيتامين'),
  (5, 'kids'), (5, 'children'), (5, 'child'), (5, 'اطفال'), (5, 'طفل'), (5, 'اولاد'),
  (6, 'women'), (6, 'woman'), (6, 'ladies'), (6, 'نساء'), (6, 'نسائي'), (6, 'حريم'),
  (7, 'men'), (7, 'رجال'), (7, 'رجالي'),
  (8, 'turmeric'), (8, 'curcumin'), (8, 'كركم'), (8, 'كركمين'),
  (9, 'prenatal'), (9, 'pregnancy'), (9, 'حمل'), (9, 'حوامل'),
  (10, 'gummy'), (10, 'gummies'), (10, 'حلوي مطاطيه'), (10, 'جيلي'), (10, 'علكه'),
  (11, 'coq10'), (11, 'coenzyme q10'), (11, 'q10'), (11, 'كيو 10'), (11, 'مساعد انزيم'),
  (12, 'sleep'), (12, 'melatonin'), (12, 'نوم'), (12, 'ميلاتونين'),
  (13, 'probiotic'), (13, 'بروبيوتيك'), (13, 'بكتيريا نافعه'),
  (14, 'elderberry'), (14, 'sambucus'), (14, 'بلسان'),
  (15, 'milk thistle'), (15, 'silymarin'), (15, 'شوك حليب'),
  (16, 'folic acid'), (16, 'folate'), (16, 'حمض فوليك'), (16, 'فولات'),
  (17, 'bcaa'), (17, 'amino acids'), (17, 'احماض امينيه'),
  (18, 'electrolytes'), (18, 'كتروليت'), (18, 'املاح'),
  (19, 'powder'), (19, 'مسحوق'), (19, 'بودره'),
  (20, 'tablet'), (20, 'pills'), (20, 'قرص'), (20, 'اقراص'), (20, 'حبوب');

-- Zero- and low-result searches for merchandising: one row per normalised query, language and country,
-- counted up on each repeat (bounded by distinct queries, not by traffic).
CREATE TABLE search_query_log (
  term TEXT NOT NULL,
  lang TEXT NOT NULL,
  country TEXT NOT NULL,
  results INTEGER NOT NULL,
  searches INTEGER NOT NULL DEFAULT 1,
  example TEXT NOT NULL,
  first_seen INTEGER NOT NULL,
  last_seen INTEGER NOT NULL,
  PRIMARY KEY (term, lang, country)
) WITHOUT ROWID;
CREATE INDEX search_query_log_results ON search_query_log (results, searches DESC);
