// The booking's mail and calendar entry say the hours of fasting and of no biotin as the test's page
// does: each language's plural forms (Arabic's one, two, 3–10 and 11+), the page's own sentences.
import { describe, expect, it } from 'vitest';
import type { BloodTestOrderItem } from '#shared/blood-tests/order-types';
import { calendarTexts } from './texts';

const item = (fasting: number, biotin: number): BloodTestOrderItem => ({
  id: 1,
  sku_id: 1,
  blood_test_id: 1,
  name: 'Test',
  price: 1000,
  fasting_hours: fasting,
  morning_draw: false,
  stop_biotin_hours: biotin,
  preparation: [],
  sample_type: 'venous_blood',
  turnaround_hours: 24,
});

const preparation = (lang: 'en' | 'ar', fasting: number, biotin = 0) =>
  calendarTexts(lang, {
    id: 7,
    country: 'KW',
    slot: { date: '2026-11-28', starts: '07:00', ends: '09:00' },
    address: '',
    items: [item(fasting, biotin)],
  }).description;

describe('the preparation in the booking’s texts', () => {
  it('counts the hours of fasting with English’s and Arabic’s plural forms', () => {
    expect(preparation('en', 1)).toContain('Test: Fast for 1 hour before the visit: water only.');
    expect(preparation('en', 12)).toContain('Fast for 12 hours before the visit');
    expect(preparation('ar', 1)).toContain('صُم ساعة واحدة قبل الزيارة');
    expect(preparation('ar', 2)).toContain('صُم ساعتين قبل الزيارة');
    expect(preparation('ar', 3)).toContain('صُم 3 ساعات قبل الزيارة');
    expect(preparation('ar', 11)).toContain('صُم 11 ساعة قبل الزيارة');
    expect(preparation('ar', 100)).toContain('صُم 100 ساعة قبل الزيارة');
    expect(preparation('ar', 103)).toContain('صُم 103 ساعات قبل الزيارة');
  });

  it('counts the hours without biotin so too, and says when there is nothing to do', () => {
    expect(preparation('en', 0, 1)).toContain('Stop biotin (vitamin B7) supplements 1 hour before.');
    expect(preparation('ar', 0, 2)).toContain('قبل ساعتين.');
    expect(preparation('ar', 0, 48)).toContain('قبل 48 ساعة.');
    expect(preparation('ar', 0, 0)).toContain('Test: لا يحتاج إلى تحضير خاص.');
    expect(preparation('en', 0, 0)).toContain('Test: No special preparation.');
  });
});
