// Bindings that exist only in the integration test workers (vitest.config.ts).
declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import('cloudflare:test').D1Migration[];
    // The api project's empty database that restore tests rebuild from a nightly backup file.
    RESTORE_DB: D1Database;
    // The api project's second order database and its schema (decision 61).
    TEST_SHARD_MIGRATIONS: import('cloudflare:test').D1Migration[];
    ORDERS_1: D1Database;
    API_DB: D1Database;
    API_MEDIA: R2Bucket;
    // The API worker's private bucket of uploaded result files.
    API_UPLOADS: R2Bucket;
    // The API worker's KV namespace, emptied before each storefront test file.
    API_KV: KVNamespace;
  }
}
