-- Issue 62: the retention run (api/src/retention/windows.ts) picks a shopper's answers to failed
-- delivery attempts by age through an index, never by reading the whole table.
CREATE INDEX redelivery_requests_created ON redelivery_requests (created_at);
