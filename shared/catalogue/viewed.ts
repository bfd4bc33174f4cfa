// Recently viewed (issue 64): how many products a shopper's list keeps, on her device and in her account,
// and how many a page shows.
export const VIEWED_KEPT = 24;
export const VIEWED_SHOWN = 12;
