// Kuwait: the ways to pay through the gateway and their limits.
// One file per aspect: a page's bundle carries only the aspects it reads (decision 77).
import type { CountryPayments } from '../types';

/** KNET, cards and Apple Pay; Tabby (its documented minimum, 1 KWD; the maximum is the merchant agreement's). */
export const payments = {
  cards: ['knet', 'card', 'apple_pay'],
  methods: ['knet', 'card', 'apple_pay', 'tabby'],
  limits: { tabby: { min: 1_000, max: 500_000 } },
} as const satisfies CountryPayments;
