// Kuwait: the ways to pay through the gateway and their limits.
// One file per aspect: a page's bundle carries only the aspects it reads (decision 77).
import type { CountryCash, CountryPayments } from '../types';

/** KNET, cards and Apple Pay; Tabby (its documented minimum, 1 KWD; the maximum is the merchant agreement's). */
export const payments = {
  cards: ['knet', 'card', 'apple_pay'],
  methods: ['knet', 'card', 'apple_pay', 'tabby'],
  limits: { tabby: { min: 1_000, max: 500_000 } },
} as const satisfies CountryPayments;

/** Cash on delivery offered, no cap (as the shop has always offered it in Kuwait); the owner sets one. */
export const cash: CountryCash = { enabled: true, maxMinor: null };
