// The United Arab Emirates: the ways to pay through the gateway and their limits.
// One file per aspect: a page's bundle carries only the aspects it reads (decision 77).
import type { CountryCash, CountryPayments } from '../types';

/**
 * Cards and Apple Pay, Tabby and Tamara (both operate in the Emirates; AED 10 up to the merchant
 * agreement's AED 5,000, in fils). No KNET (Kuwait's), mada or STC Pay (Saudi Arabia's).
 */
export const payments = {
  cards: ['card', 'apple_pay'],
  methods: ['card', 'apple_pay', 'tabby', 'tamara'],
  limits: { tabby: { min: 1_000, max: 500_000 }, tamara: { min: 1_000, max: 500_000 } },
} as const satisfies CountryPayments;

/** Cash on delivery offered, no cap (the Emirates' couriers collect cash, issue 77); the owner sets one. */
export const cash: CountryCash = { enabled: true, maxMinor: null };
