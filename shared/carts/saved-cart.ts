// A saved cart's size (issue 64): more lines than any real cart, few enough for one reminder. Kept apart
// from the schemas (zod), so the browser's cart keeper reads it without loading them.
export const SAVED_CART_MAX_LINES = 50;
