// The address and phone rules take their numbers from one place: COUNTRY_FACTS for dial codes and
// ADDRESS_LENGTHS (which the forms also use for maxLength and messages) for field lengths.
import { describe, expect, it } from 'vitest';
import { COUNTRY_FACTS } from '../countries';
import { ADDRESS_LENGTHS, addressSchema, nationalNumber, PHONE_RULES, SAUDI_CODE_LENGTHS } from './account-schemas';

const kuwait = {
  country: 'KW',
  recipient: 'Sara',
  phone: '55512345',
  area_id: 1,
  block: '3',
  street: 'Gulf Road',
  building: '12',
};
const saudi = {
  country: 'SA',
  recipient: 'Sara',
  phone: '512345678',
  city_id: 1,
  district: 'Olaya',
  street: 'King Fahd Road',
  building_number: '1234',
  postal_code: '12345',
};

describe('phone rules', () => {
  it.each(['KW', 'SA'] as const)('use the dial code of COUNTRY_FACTS for %s, with or without + or 00', (country) => {
    const dial = COUNTRY_FACTS[country].dialCode;
    expect(PHONE_RULES[country].dial).toBe(dial);
    const national = country === 'KW' ? '55512345' : '512345678';
    expect(nationalNumber(`${dial}${national}`)).toBe(national);
    expect(nationalNumber(`00${dial.slice(1)} ${national}`)).toBe(national);
  });
});

describe('address field lengths', () => {
  const cases = [
    ...(['label', 'recipient', 'block', 'street', 'avenue', 'building', 'floor', 'apartment'] as const).map(
      (f) => [addressSchema, kuwait, f] as const,
    ),
    ...(['label', 'recipient', 'district', 'street'] as const).map((f) => [addressSchema, saudi, f] as const),
  ];
  it.each(cases)('the schema takes exactly ADDRESS_LENGTHS.max characters (%#: %s)', (schema, base, field) => {
    const max = ADDRESS_LENGTHS[field].max;
    expect(schema.safeParse({ ...base, [field]: '1'.repeat(max) }).success).toBe(true);
    const over = schema.safeParse({ ...base, [field]: '1'.repeat(max + 1) });
    expect(over.success).toBe(false);
    expect(over.error?.issues[0]?.message).toBe('max_chars_validation_error');
  });
});

describe('Saudi national-address codes', () => {
  it.each([
    ['building_number', '1', 'building_number_invalid'],
    ['postal_code', '1', 'postal_code_invalid'],
  ] as const)('%s takes exactly SAUDI_CODE_LENGTHS digits', (field, digit, error) => {
    const n = SAUDI_CODE_LENGTHS[field];
    expect(addressSchema.safeParse({ ...saudi, [field]: digit.repeat(n) }).success).toBe(true);
    for (const wrong of [digit.repeat(n - 1), digit.repeat(n + 1)]) {
      expect(addressSchema.safeParse({ ...saudi, [field]: wrong }).error?.issues[0]?.message).toBe(error);
    }
  });
  it('short_address is SAUDI_CODE_LENGTHS.short_address characters: four letters and four digits, or nothing', () => {
    expect(SAUDI_CODE_LENGTHS.short_address).toBe('RRRD2929'.length);
    expect(addressSchema.safeParse({ ...saudi, short_address: 'RRRD2929' }).success).toBe(true);
    expect(addressSchema.safeParse({ ...saudi, short_address: '' }).success).toBe(true);
    for (const wrong of ['RRRD292', 'RRRD29290', 'RRR12929'])
      expect(addressSchema.safeParse({ ...saudi, short_address: wrong }).success).toBe(false);
  });
});

describe('an Emirates address (the emirate-area form)', () => {
  const emirati = {
    country: 'AE',
    recipient: 'Mariam',
    phone: '050 123 4567',
    city_id: 26,
    district: 'Al Barsha 1',
    street: 'Street 21',
    building: 'Marina Heights',
    apartment: '1204',
  };

  it('takes an emirate, an area, street, building, a flat and a +971 mobile; the Makani number is optional', () => {
    const parsed = addressSchema.safeParse(emirati);
    expect(parsed.success).toBe(true);
    expect(addressSchema.safeParse({ ...emirati, makani: '٣٠٥٧٣ ٩٥٤٠٢' }).data).toMatchObject({
      makani: '3057395402',
    });
    expect(addressSchema.safeParse({ ...emirati, apartment: undefined, makani: '' }).success).toBe(true);
  });

  it('refuses a Makani number that is not 10 digits, a missing area or building, and a Saudi mobile', () => {
    for (const makani of ['305739540', '30573954021', 'ABCDE12345'])
      expect(addressSchema.safeParse({ ...emirati, makani }).error?.issues[0]?.message).toBe('makani_invalid');
    for (const field of ['district', 'street', 'building', 'city_id'])
      expect(addressSchema.safeParse({ ...emirati, [field]: '' }).error?.issues[0]?.message).toBe('mandatory-field');
    expect(addressSchema.safeParse({ ...emirati, phone: '112345678' }).error?.issues[0]?.message).toBe('phone_invalid');
    expect(nationalNumber('+971 50 123 4567')).toBe('501234567');
  });
});
