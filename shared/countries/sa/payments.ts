// Saudi Arabia: the ways to pay through the gateway and their limits.
// One file per aspect: a page's bundle carries only the aspects it reads (decision 77).
import type { CountryCash, CountryPayments } from '../types';

/** mada, cards, Apple Pay, STC Pay (a Saudi wallet), Tabby and Tamara (10 SAR minimum). */
export const payments = {
  cards: ['mada', 'card', 'apple_pay'],
  methods: ['mada', 'card', 'apple_pay', 'stc_pay', 'tabby', 'tamara'],
  limits: { tabby: { min: 1_000, max: 500_000 }, tamara: { min: 1_000, max: 500_000 } },
} as const satisfies CountryPayments;

/** Cash on delivery offered, no cap (as the shop has always offered it in Saudi Arabia); the owner sets one. */
export const cash: CountryCash = { enabled: true, maxMinor: null };
