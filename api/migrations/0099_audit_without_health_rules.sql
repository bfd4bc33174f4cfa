-- An acknowledged warning's audit row named its rule ("pregnancy", "interaction:<medicine>"): her health,
-- in the log the owner reads, who sees no health data (decision 55). Rows written before keep only the
-- warning's kind, as the code writes them now: 'limit' for a dose above a safe upper limit, else 'health'.
UPDATE audit_log
SET after_json = json_set(
  json_remove(after_json, '$.rule'),
  '$.warning',
  CASE WHEN json_extract(after_json, '$.rule') LIKE 'upper_limit:%' THEN 'limit' ELSE 'health' END
)
WHERE action = 'recommendation.acknowledge' AND json_extract(after_json, '$.rule') IS NOT NULL;
