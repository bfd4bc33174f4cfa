// The staff app's whole dictionary (issue 14): one pair of files per back-office area, merged here.
// No shopper page imports this.
import type { Translated } from './plural';
import { staffAr } from './staff.ar';
import { staffEn } from './staff.en';
import { staffPeopleAr } from './staff-people.ar';
import { staffPeopleEn } from './staff-people.en';

export const staffTextsEn = {
  ...staffEn,
  ...staffPeopleEn,
} as const;

export const staffTextsAr: Translated<typeof staffTextsEn> = {
  ...staffAr,
  ...staffPeopleAr,
};
