// The Ship page's and the order's Parcels panel's words for a parcel: each status its own name in the
// staff language, so a parcel the driver delivered does not read "On its way" beside one still out;
// and the page itself as staff meet it (issue 73): every select named, no Ship button with nothing to
// ship, a parcel just sent reading as being created without a retry, no pickup for the own drivers,
// and a carrier to choose per order among those the rules allow.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ParcelView, RuleView, ShippingData } from '#shared/api/staff-shipping-schemas';
import { staffTranslator } from '../lib/i18n';
import { ShippingPage, statusName, weightText } from './Shipping';

describe('statusName', () => {
  const en = staffTranslator('en');
  const ar = staffTranslator('ar');

  it('keeps the Ship page’s words for a parcel not yet with the carrier', () => {
    expect(statusName(en, 'queued')).toBe('Waiting for the carrier');
    expect(statusName(en, 'refused')).toBe('Refused');
    expect(statusName(en, 'created')).toBe('Label ready');
  });

  it('names every later status for what it is, in either language', () => {
    expect(statusName(en, 'out_for_delivery')).toBe('Out for delivery');
    expect(statusName(en, 'delivered')).toBe('Delivered');
    expect(statusName(en, 'returned')).toBe('Returned to us');
    expect(statusName(en, 'cancelled')).toBe('Cancelled');
    expect(statusName(ar, 'delivered')).toBe('تم التسليم');
    const statuses = ['picked_up', 'in_transit', 'out_for_delivery', 'failed_attempt', 'delivered', 'returning'];
    const names = statuses.map((s) => statusName(en, s));
    expect(new Set(names).size).toBe(statuses.length);
    for (const s of statuses) expect(statusName(ar, s)).not.toBe(statusName(en, s));
  });
});

describe('weightText', () => {
  it('writes the kilograms with the unit in the staff language', () => {
    expect(weightText(staffTranslator('en'), 250)).toBe('0.25 kg');
    expect(weightText(staffTranslator('ar'), 1250)).toBe('1.25 كغ');
  });
});

const NOW = Date.now();
const parcel = (over: Partial<ParcelView>): ParcelView => ({
  id: 7,
  order_id: 70,
  country: 'KW',
  carrier: 'aramex',
  status: 'queued',
  reference: '70-1',
  tracking_number: null,
  label: false,
  weight_grams: 250,
  cod_amount: 0,
  currency: 'KWD',
  create_tries: 0,
  error: null,
  items: [{ sku_id: 101, count: 1 }],
  created_at: NOW - 5_000,
  ...over,
});
const order = (over: Partial<ShippingData['orders'][number]>): ShippingData['orders'][number] => ({
  id: 80,
  country: 'KW',
  currency: 'KWD',
  total: 12_500,
  payment_method: 'cod',
  status: 'processing',
  stage_packed: 0,
  created_at: NOW,
  left: 1,
  carrier: 'own',
  carriers: ['own', 'aramex'],
  ...over,
});
const RULES: RuleView[] = [
  {
    id: 1,
    country: 'KW',
    priority: 10,
    zones: 'all',
    speed: 'same_day',
    cod: 'any',
    max_weight_grams: null,
    carrier: 'own',
    updated_at: 0,
  },
  {
    id: 2,
    country: 'KW',
    priority: 20,
    zones: 'all',
    speed: 'any',
    cod: 'any',
    max_weight_grams: null,
    carrier: 'aramex',
    updated_at: 0,
  },
];

function render(lang: 'en' | 'ar', data: Partial<ShippingData>) {
  return renderToStaticMarkup(
    createElement(ShippingPage, {
      t: staffTranslator(lang),
      nonce: 'n',
      me: {
        staff: { id: 1, name: 'Huda', email: 'h@example.com', lang },
        grants: [],
        permissions: ['orders:fulfil', 'delivery:manage'],
        nutritionist: null,
      },
      data: { countries: ['KW'], today: '2026-11-28', days: {}, orders: [], parcels: [], pickups: [], ...data },
      rules: RULES,
    }),
  ).replaceAll('&#x27;', "'");
}

describe('the Ship page', () => {
  it('names every select (axe select-name), the rules’ and the per-order carrier’s, in both languages', () => {
    for (const lang of ['en', 'ar'] as const) {
      const page = render(lang, { orders: [order({})] });
      const selects = page.match(/<select[^>]*>/g) ?? [];
      // Three rows of rules (two and an empty one) × speed, cash, carrier, and the order's carrier.
      expect(selects).toHaveLength(10);
      for (const select of selects) expect(select).toMatch(/aria-label="[^"]+"/);
    }
    const en = render('en', { orders: [order({})] });
    expect(en).toContain('aria-label="Carrier for order 80"');
    expect(en).toContain('<option value="" selected="">By the rules: Our drivers</option>');
    expect(en).toContain('<option value="aramex">Aramex</option>');
    expect(render('ar', { orders: [order({})] })).toContain('حسب القواعد: سائقونا');
  });

  it('offers no carrier choice when the rules allow one, and says so when none fits', () => {
    expect(render('en', { orders: [order({ carrier: 'aramex', carriers: ['aramex'] })] })).not.toContain(
      'name="carrier_80"',
    );
    expect(render('en', { orders: [order({ carrier: null, carriers: [] })] })).toContain('No carrier rule fits');
  });

  it('shows no Ship button when nothing is ready to ship, only the line that says so', () => {
    const empty = render('en', {});
    expect(empty).toContain('No orders are waiting to ship.');
    expect(empty).not.toContain('Ship the chosen orders');
    expect(render('en', { orders: [order({})] })).toContain('Ship the chosen orders');
  });

  it('shows a parcel just sent as being created, without an error or a retry, in both languages', () => {
    const en = render('en', { parcels: [parcel({})] });
    expect(en).toMatch(/data-testid="parcel-status-7">Being created at the carrier</);
    expect(en).not.toContain('Waiting for the carrier');
    expect(en).not.toContain('/retry');
    expect(en).toContain('<a href="/shipping">Look again</a>');
    expect(render('ar', { parcels: [parcel({})] })).toContain('قيد الإنشاء لدى شركة الشحن');
    // A try that failed, or a message lost long ago, waits with a retry.
    const failed = parcel({ create_tries: 1, error: { kind: 'unavailable', code: null, message: 'timeout' } });
    const lost = parcel({ created_at: NOW - 60 * 60_000 });
    for (const p of [failed, lost]) {
      const page = render('en', { parcels: [p] });
      expect(page).toContain('Waiting for the carrier');
      expect(page).toContain('action="/shipping/parcels/7/retry"');
    }
  });

  it('offers a pickup for a carrier that collects, none for the shop’s own drivers', () => {
    const page = render('en', {
      parcels: [
        parcel({ id: 8, carrier: 'own', status: 'created', label: true, tracking_number: 'OWN-1' }),
        parcel({ id: 9, carrier: 'aramex', status: 'created', label: true, tracking_number: 'AX-1' }),
      ],
    });
    expect(page.match(/action="\/shipping\/pickups"/g)).toHaveLength(1);
    expect(page).toContain('name="carrier" value="aramex"');
    expect(page).not.toContain('name="carrier" value="own"');
    expect(page).toContain('No pickup: our drivers load at the store.');
  });

  it('offers no booking for SMSA, whose API books none: its daily pickup collects the parcels', () => {
    for (const lang of ['en', 'ar'] as const) {
      const page = render(lang, {
        countries: ['SA'],
        parcels: [
          parcel({ id: 10, carrier: 'smsa', country: 'SA', status: 'created', label: true, tracking_number: 'SM-1' }),
        ],
      });
      expect(page).not.toContain('action="/shipping/pickups"');
      expect(page).toContain(lang === 'en' ? 'Collected with the daily pickup' : 'موعد الاستلام اليومي');
    }
  });

  it('asks for each country’s manifest and pickup of its own today (Dubai’s midnight comes first)', () => {
    const page = render('en', {
      countries: ['KW', 'AE'],
      today: '2026-11-28',
      days: { KW: '2026-11-28', AE: '2026-11-29' },
      parcels: [
        parcel({ id: 9, carrier: 'aramex', status: 'created', label: true, tracking_number: 'AX-1' }),
        parcel({ id: 11, carrier: 'aramex', country: 'AE', status: 'created', label: true, tracking_number: 'AX-2' }),
      ],
    });
    expect(page).toContain('country=KW&amp;carrier=aramex&amp;day=2026-11-28');
    expect(page).toContain('country=AE&amp;carrier=aramex&amp;day=2026-11-29');
  });
});
