-- The supplement quiz (decision 32). A version's content (questions, scoring rules, safety
-- gates and the drug–nutrient caution table) is one JSON document checked by shared/quiz/schema.ts.
-- A draft may be edited; publishing makes it the only active version and retires the one before it;
-- active and retired versions are never edited again, so a stored result can always be scored again
-- from its own version.
CREATE TABLE quiz_versions (
  id INTEGER PRIMARY KEY,
  status TEXT NOT NULL CHECK (status IN ('draft', 'active', 'retired')),
  content TEXT NOT NULL CHECK (json_valid(content)),
  created_by INTEGER REFERENCES staff (id),
  created_at INTEGER NOT NULL,
  published_at INTEGER,
  updated_at INTEGER NOT NULL
);
-- At most one active version.
CREATE UNIQUE INDEX quiz_versions_one_active ON quiz_versions (status) WHERE status = 'active';

-- A signed-in shopper's answers (health data: owner-only, deleted with the account) and the products
-- they were suggested, kept to show what changed after a retake.
CREATE TABLE quiz_results (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  version_id INTEGER NOT NULL REFERENCES quiz_versions (id),
  answers TEXT NOT NULL CHECK (json_valid(answers)),
  suggestions TEXT NOT NULL CHECK (json_valid(suggestions)),
  created_at INTEGER NOT NULL
);
CREATE INDEX quiz_results_user ON quiz_results (user_id, id);
