// The gift schema of the checkout's recipient form and POST /order/submit: Gulf-day boundaries of the
// delivery date, the message's length and language, the recipient's phone by country.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deliveryWindow, GIFT_MESSAGE_MAX, giftSchema, isDeliveryDate, messageLanguage } from './gift-schemas';

const kuwait = {
  country: 'KW',
  recipient: 'Noura',
  phone: '55512345',
  area_id: 1,
  block: '3',
  street: 'Gulf Road',
  building: '12',
};
const saudi = {
  country: 'SA',
  recipient: 'Reem',
  phone: '0512345678',
  city_id: 1,
  district: 'Olaya',
  street: 'King Fahd Road',
  building_number: '1234',
  postal_code: '12345',
};
const problem = (input: unknown) => {
  const r = giftSchema.safeParse(input);
  return r.success ? null : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
};

const KUWAIT = 'Asia/Kuwait';
const DUBAI = 'Asia/Dubai';

describe('delivery window in the country’s days', () => {
  it('starts on the next Gulf day: at 20:59 UTC it is still the same Gulf day, at 21:00 the next one', () => {
    // 2026-03-19 20:59 UTC is 23:59 in Kuwait on the 19th: tomorrow is the 20th.
    const before = Date.parse('2026-03-19T20:59:00Z');
    expect(deliveryWindow(before, KUWAIT)).toEqual({ min: '2026-03-20', max: '2026-05-18' });
    expect(isDeliveryDate('2026-03-19', before, KUWAIT)).toBe(false);
    expect(isDeliveryDate('2026-03-20', before, KUWAIT)).toBe(true);
    // One minute later it is 00:00 on the 20th in Kuwait: the 20th is today, no longer allowed.
    const after = before + 60_000;
    expect(deliveryWindow(after, KUWAIT).min).toBe('2026-03-21');
    expect(isDeliveryDate('2026-03-20', after, KUWAIT)).toBe(false);
    expect(isDeliveryDate('2026-03-21', after, KUWAIT)).toBe(true);
  });

  it('ends 60 Gulf days ahead, inclusive', () => {
    const now = Date.parse('2026-03-19T10:00:00Z');
    expect(isDeliveryDate('2026-05-18', now, KUWAIT)).toBe(true);
    expect(isDeliveryDate('2026-05-19', now, KUWAIT)).toBe(false);
  });

  it('refuses dates that are not calendar dates', () => {
    const now = Date.parse('2026-01-10T10:00:00Z');
    for (const d of ['2026-02-30', '2026-2-01', '20260201', 'tomorrow', '2026-13-01'])
      expect(isDeliveryDate(d, now, KUWAIT)).toBe(false);
    expect(isDeliveryDate('2026-02-28', now, KUWAIT)).toBe(true);
  });

  it('starts on the Emirates’ next day in Dubai (UTC+4, issue 77)', () => {
    // 20:30 UTC on the 19th is 00:30 on the 20th in Dubai, still 23:30 on the 19th in Kuwait.
    const now = Date.parse('2026-03-19T20:30:00Z');
    expect(deliveryWindow(now, DUBAI).min).toBe('2026-03-21');
    expect(isDeliveryDate('2026-03-20', now, DUBAI)).toBe(false);
    expect(isDeliveryDate('2026-03-20', now, KUWAIT)).toBe(true);
  });
});

describe('giftSchema', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-10T22:30:00Z')); // 01:30 on 11 March in Riyadh
  });
  afterEach(() => vi.useRealTimers());

  it('takes a Kuwait and a Saudi recipient with a message and an Eid date', () => {
    const kw = giftSchema.parse({ ...kuwait, message: '  عيد مبارك يا نورة  ', delivery_date: '2026-03-20' });
    expect(kw).toMatchObject({
      country: 'KW',
      recipient: 'Noura',
      message: 'عيد مبارك يا نورة',
      delivery_date: '2026-03-20',
    });
    const sa = giftSchema.parse({ ...saudi, message: 'Happy Eid!' });
    expect(sa).toMatchObject({ country: 'SA', message: 'Happy Eid!' });
    expect(sa.delivery_date).toBeUndefined();
  });

  it('reads an empty message and an empty date (the form sends them) as none', () => {
    const g = giftSchema.parse({ ...kuwait, message: '   ', delivery_date: '' });
    expect(g.message).toBeUndefined();
    expect(g.delivery_date).toBeUndefined();
  });

  it('refuses today (Gulf) and a day past 60 days with gift_date_invalid', () => {
    expect(problem({ ...kuwait, delivery_date: '2026-03-11' })).toEqual(['delivery_date:gift_date_invalid']);
    expect(problem({ ...kuwait, delivery_date: '2026-03-12' })).toBeNull();
    expect(problem({ ...kuwait, delivery_date: '2026-05-10' })).toBeNull();
    expect(problem({ ...kuwait, delivery_date: '2026-05-11' })).toEqual(['delivery_date:gift_date_invalid']);
  });

  it('takes 250 characters as a person counts them, refuses 251', () => {
    expect(problem({ ...kuwait, message: 'ب'.repeat(GIFT_MESSAGE_MAX) })).toBeNull();
    // Emoji are two UTF-16 units each but one character.
    expect(problem({ ...kuwait, message: '🎁'.repeat(GIFT_MESSAGE_MAX) })).toBeNull();
    expect(problem({ ...kuwait, message: 'a'.repeat(GIFT_MESSAGE_MAX + 1) })).toEqual([
      'message:max_chars_validation_error',
    ]);
  });

  it('takes Arabic or English with digits, punctuation and emoji; refuses other scripts', () => {
    expect(problem({ ...kuwait, message: 'Eid Mubarak! عيد مبارك 🌙 ١٤٤٧' })).toBeNull();
    expect(problem({ ...kuwait, message: 'С праздником' })).toEqual(['message:gift_message_language']);
    expect(problem({ ...kuwait, message: '节日快乐' })).toEqual(['message:gift_message_language']);
  });

  it('checks the phone by the recipient’s country', () => {
    expect(problem({ ...kuwait, phone: '512345678' })).toEqual(['phone:phone_invalid']);
    expect(problem({ ...saudi, phone: '55512345' })).toEqual(['phone:phone_invalid']);
    expect(problem({ ...saudi, phone: '+966 512345678' })).toBeNull();
    expect(problem({ ...kuwait, phone: '٥٥٥١٢٣٤٥' })).toBeNull();
  });

  it('needs the recipient and the address of the country', () => {
    expect(problem({ ...kuwait, recipient: ' ' })).toEqual(['recipient:mandatory-field']);
    expect(problem({ ...saudi, postal_code: '123' })).toEqual(['postal_code:postal_code_invalid']);
    const { area_id: _a, ...noArea } = kuwait;
    expect(problem(noArea)).toEqual(['area_id:mandatory-field']);
  });
});

describe('messageLanguage', () => {
  it('is the script of most letters, Arabic on a tie, null without letters', () => {
    expect(messageLanguage('عيد مبارك')).toBe('ar');
    expect(messageLanguage('Happy Eid')).toBe('en');
    expect(messageLanguage('Happy Eid يا نورة')).toBe('en');
    expect(messageLanguage('عيد مبارك Noura')).toBe('ar');
    expect(messageLanguage('ab بت')).toBe('ar');
    expect(messageLanguage('🎁 2026')).toBeNull();
  });
});
