// The consultation pages' pure parts: times on her country's clocks with the Hijri day in Arabic, the intake
// checked with the shared schema, the profile's split into coming and past, the cart lines of a
// nutritionist's list, the list's filters from the URL and the booking links.
import { describe, expect, it } from 'vitest';
import type { ConsultationListItem, ConsultationRecommendation } from '#shared/consultations/types';
import { filtersOf } from '../pages/nutritionists';
import { splitConsultations } from '../pages/profile-consultations';
import { checkIntake, emptyIntake } from './intake-form';
import { consultPaths } from './paths';
import { recommendationLines } from './Recommendations';
import { dayOf, nextDays, shopperDays, startText, timeText, whenText } from './times';

// Sunday 29 November 2026, 09:00 in Kuwait and Riyadh (06:00 UTC).
const NINE = Date.parse('2026-11-29T06:00:00Z');
const NINE_TWENTY = Date.parse('2026-11-29T06:20:00Z');
/** A free time as the slots answer gives it (20 minutes). */
const slot = (iso: string) => ({
  starts_at: iso,
  ends_at: new Date(Date.parse(iso) + 20 * 60_000).toISOString(),
  time: '',
});

describe('consultation times', () => {
  it('prints her country’s time whatever the machine’s zone, with the Hijri day beside the Gregorian in Arabic', () => {
    expect(timeText(NINE, 'en', 'KW')).toBe('9:00 AM');
    expect(whenText(NINE, NINE_TWENTY, 'en', 'KW')).toBe('Sun, Nov 29 · 9:00 AM – 9:20 AM');
    const ar = startText(NINE, 'ar', 'SA');
    expect(ar).toContain('29 نوفمبر');
    expect(ar).toContain('جمادى');
    expect(ar).toMatch(/9:00/);
  });

  it('takes her country’s day of a time: 22:30 UTC is already the next day in Kuwait', () => {
    expect(dayOf(Date.parse('2026-11-28T22:30:00Z'), 'KW')).toBe('2026-11-29');
    expect(dayOf(Date.parse('2026-11-28T20:30:00Z'), 'KW')).toBe('2026-11-28');
  });

  it('shows a time in the Emirates at UTC+4, listed under the Emirates’ day (issue 77)', () => {
    // A practice day's 23:30 in Kuwait (20:30 UTC) is 00:30 of the next day in Dubai.
    const late = Date.parse('2026-11-28T20:30:00Z');
    expect(timeText(late, 'en', 'AE')).toBe('12:30 AM');
    expect(timeText(late, 'en', 'KW')).toBe('11:30 PM');
    expect(dayOf(late, 'AE')).toBe('2026-11-29');
    const days = [
      { date: '2026-11-28', day_off: false, times: [slot('2026-11-28T17:00:00Z'), slot('2026-11-28T20:30:00Z')] },
      { date: '2026-11-29', day_off: false, times: [slot('2026-11-29T06:00:00Z')] },
    ];
    expect(shopperDays(days, 'AE')).toEqual([
      { date: '2026-11-28', times: [Date.parse('2026-11-28T17:00:00Z')] },
      { date: '2026-11-29', times: [late, NINE] },
    ]);
    expect(shopperDays(days, 'KW').map((d) => d.times.length)).toEqual([2, 1]);
  });

  it('lists the next practice days from today', () => {
    expect(nextDays(Date.parse('2026-11-28T22:30:00Z'), 3)).toEqual(['2026-11-29', '2026-11-30', '2026-12-01']);
  });
});

describe('the intake form', () => {
  it('asks for the goal, in the shared schema’s words', () => {
    const checked = checkIntake(emptyIntake());
    expect(checked).toEqual({ ok: false, problems: { goal: 'intake_goal_required' } });
  });

  it('needs the kind of each named medicine, and drops rows left blank', () => {
    const draft = {
      ...emptyIntake(),
      goal: '  More energy  ',
      medicines: [
        { class: '' as const, name: 'Warfarin' },
        { class: '' as const, name: ' ' },
      ],
    };
    expect(checkIntake(draft)).toMatchObject({ ok: false, problems: { medicines: 'intake_medicine_class_invalid' } });
    const fixed = checkIntake({ ...draft, medicines: [{ class: 'anticoagulant', name: 'Warfarin' }] });
    expect(fixed).toEqual({
      ok: true,
      intake: {
        goal: 'More energy',
        conditions: '',
        medicines: [{ class: 'anticoagulant', name: 'Warfarin' }],
        pregnancy: 'none',
        allergies: '',
        share: { uploads: [], orders: [] },
      },
    });
  });

  it('keeps pregnancy and the shared results, each result once', () => {
    const checked = checkIntake({
      ...emptyIntake(),
      goal: 'Supplements in pregnancy',
      pregnancy: 'pregnant',
      share: { uploads: [4, 4], orders: [12] },
    });
    expect(checked).toMatchObject({
      ok: true,
      intake: { pregnancy: 'pregnant', share: { uploads: [4], orders: [12] } },
    });
  });
});

function item(id: number, status: ConsultationListItem['status'], startsAt: string): ConsultationListItem {
  const start = Date.parse(startsAt);
  return {
    id,
    status,
    mode: 'video',
    starts_at: startsAt,
    ends_at: new Date(start + 20 * 60_000).toISOString(),
    date: startsAt.slice(0, 10),
    service: { id: 1, kind: 'first_call', name: 'First call', minutes: 20 },
    nutritionist: { id: 1, slug: 'n', name: 'N', title: '', photo: { url: '/x.jpg', alt: '', width: 1, height: 1 } },
    total: 8000,
    currency: 'KWD',
    package_sessions_left: null,
    summary_shared: false,
  };
}

describe('the profile’s consultations', () => {
  it('puts the coming ones first, soonest first, and the rest newest first', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    const { upcoming, past } = splitConsultations(
      [
        item(1, 'booked', '2026-12-02T06:00:00Z'),
        item(2, 'booked', '2026-11-27T06:00:00Z'),
        item(3, 'completed', '2026-11-20T06:00:00Z'),
        item(4, 'cancelled', '2026-11-30T06:00:00Z'),
        // Booked but over: it is past until it is marked.
        item(5, 'booked', '2026-11-25T08:00:00Z'),
      ],
      now,
    );
    expect(upcoming.map((c) => c.id)).toEqual([2, 1]);
    expect(past.map((c) => c.id)).toEqual([4, 5, 3]);
  });
});

describe('the nutritionist’s list into the cart', () => {
  const rec = (id: number, inStock: boolean, skuId = id * 10): ConsultationRecommendation => ({
    product: {
      id,
      slug: `p${id}`,
      name: `Product ${id}`,
      images: [{ url: `/p${id}.jpg`, width: 100, height: 100 }],
      brand: { id: 7, slug: 'b', name: 'Brand' },
      category: { id: 1, slug: 'c', name: 'C', color: '#000' },
      default_sku: {
        id: id * 10,
        name: '60 caps',
        price: { price: 5000, old_price: null },
        buy_limit: 5,
        in_stock: inStock,
        will_notify: false,
      },
      free_delivery: false,
    } as ConsultationRecommendation['product'],
    sku_id: skuId,
    quantity: 2,
    servings_per_day: 1,
    dose: '1 capsule a day',
    reason: 'Low vitamin D',
  });

  it('adds the buyable ones with their quantity and the Nutritionist origin, never the reason', () => {
    const lines = recommendationLines([rec(1, true), rec(2, false), rec(3, true, 999)], 42);
    expect(lines).toEqual([
      {
        sku: { id: 10, name: '60 caps', price: { price: 5000, old_price: null }, buy_limit: 5, in_stock: true },
        product: {
          id: 1,
          slug: 'p1',
          name: 'Product 1',
          brand: { id: 7, name: 'Brand' },
          image: { url: '/p1.jpg', width: 100, height: 100 },
        },
        count: 2,
        origin: { source: 'Nutritionist', id: 42, position: 1 },
      },
    ]);
    expect(JSON.stringify(lines)).not.toContain('vitamin D');
  });
});

describe('the list’s filters and the booking links', () => {
  it('keeps only known filter values', () => {
    expect(filtersOf(new URLSearchParams('language=ar&gender=female&day=2026-11-29'))).toEqual({
      language: 'ar',
      gender: 'female',
      day: '2026-11-29',
    });
    expect(filtersOf(new URLSearchParams('language=xx&gender=other&day=tomorrow'))).toEqual({});
  });

  it('links into the booking in both languages', () => {
    expect(consultPaths.book('en', 3, { service: 5, at: NINE })).toBe(`/consultation/book/3?service=5&at=${NINE}`);
    expect(consultPaths.book('ar', 3, { followUp: 77 })).toBe('/ar/consultation/book/3?follow_up=77');
    expect(consultPaths.detail('ar', 9)).toBe('/ar/profile/consultations/9');
    expect(consultPaths.call('en', 9)).toBe('/profile/consultations/9/call');
  });
});
