// The Ship page's and the order's Parcels panel's words for a parcel: each status its own name in the
// staff language, so a parcel the driver delivered does not read "On its way" beside one still out.
import { describe, expect, it } from 'vitest';
import { staffTranslator } from '../lib/i18n';
import { statusName, weightText } from './Shipping';

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
