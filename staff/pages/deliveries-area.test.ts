// The Deliveries page names each stop's area in the staff language, as the driver's own page does: the
// Arabic name from the places table, the English one kept where that table has none.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { DeliveriesData, DriverStop } from '#shared/api/driver-responses';
import { staffTranslator } from '../lib/i18n';
import { DeliveriesPage } from './Deliveries';

const stop = (over: Partial<DriverStop>): DriverStop => ({
  id: 1,
  tracking_number: 'GV0000000001',
  day: '2026-11-28',
  staff_id: null,
  position: 1,
  order_number: '1042',
  name: 'Noura',
  phone: '+96550000001',
  address: { block: '4', street: '12' },
  address_lines: [],
  area: 'Salmiya',
  area_ar: 'السالمية',
  governorate_en: 'Hawalli',
  governorate_ar: 'حولي',
  cod_amount: 0,
  currency: 'KWD',
  status: 'pending',
  received_by: null,
  receiver_name: null,
  fail_reason: null,
  cash_collected: null,
  cash_note: null,
  ...over,
});

function areaCells(lang: 'en' | 'ar', stops: DriverStop[]): string[] {
  const data: DeliveriesData = {
    day: '2026-11-28',
    previous: '2026-11-27',
    next: '2026-11-29',
    can_change: false,
    drivers: [],
    stops,
    zones: [],
    areas: [],
  };
  const page = renderToStaticMarkup(
    createElement(DeliveriesPage, {
      t: staffTranslator(lang),
      nonce: 'n',
      me: {
        staff: { id: 1, name: 'Huda', email: 'h@example.com', lang },
        grants: [],
        permissions: ['orders:fulfil'],
        nutritionist: null,
      },
      data,
    }),
  );
  // Each row's cells: #, order, name, area…
  return [...page.matchAll(/<tr data-testid="row-\d+">(.*?)<\/tr>/g)].map(
    (row) => [...row[1]!.matchAll(/<td[^>]*>(.*?)<\/td>/g)][3]![1]!,
  );
}

describe('the Deliveries page', () => {
  it('names the stop’s area in the staff language', () => {
    expect(areaCells('ar', [stop({})])).toEqual(['السالمية']);
    expect(areaCells('en', [stop({})])).toEqual(['Salmiya']);
  });

  it('keeps the English name of an area the places table does not know', () => {
    expect(areaCells('ar', [stop({ area: 'New Town', area_ar: null })])).toEqual(['New Town']);
  });
});
