// The seed's fixed settings: catalogue sizes, statement limits, the PRNG seed and the time base.

export type CatalogueMode = 'demo' | 'large' | 'huge';

/** Products per mode. The demo has ≈ 500 SKUs; the large mode ≈ 75,000; huge (the bench's 4× size) ≈ 300,000. */
export const PRODUCT_COUNTS: Readonly<Record<CatalogueMode, number>> = { demo: 330, large: 50_000, huge: 200_000 };

/** Upper bound for one statement, in UTF-8 bytes (D1 refuses statements over 100 KB). */
export const MAX_STATEMENT_BYTES = 90_000;

/** Rows per INSERT at most, whatever their size: keeps the VALUES lists of tiny rows (links) modest. */
export const MAX_ROWS_PER_STATEMENT = 500;

export const SEED = 0x5eed_2026;
/** 2026-01-01T00:00:00Z in ms: products were "created" in the 540 days before it. */
export const BASE_TIMESTAMP = 1_767_225_600_000;
export const DAY_MS = 86_400_000;
