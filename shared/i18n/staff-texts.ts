// The staff app's whole dictionary (issue 14): one pair of files per back-office area, merged here.
// No shopper page imports this.
import type { Translated } from './plural';
import { staffAr } from './staff.ar';
import { staffEn } from './staff.en';
import { staffOrdersAr } from './staff-orders.ar';
import { staffOrdersEn } from './staff-orders.en';

export const staffTextsEn = {
  ...staffEn,
  ...staffOrdersEn,
} as const;

export const staffTextsAr: Translated<typeof staffTextsEn> = {
  ...staffAr,
  ...staffOrdersAr,
};
