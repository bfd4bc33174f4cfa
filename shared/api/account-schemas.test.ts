// The address and phone rules take their numbers from one place: COUNTRY_FACTS for dial codes and
// ADDRESS_LENGTHS (which the forms also use for maxLength and messages) for field lengths.
import { describe, expect, it } from 'vitest';
import { COUNTRY_FACTS } from '../locale';
import { ADDRESS_LENGTHS, kuwaitAddressSchema, nationalNumber, PHONE_RULES, saudiAddressSchema } from './account-schemas';

const kuwait = { country: 'KW', recipient: 'Sara', phone: '55512345', area_id: 1, block: '3', street: 'Gulf Road', building: '12' };
const saudi = { country: 'SA', recipient: 'Sara', phone: '512345678', city_id: 1, district: 'Olaya', street: 'King Fahd Road', building_number: '1234', postal_code: '12345' };

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
    ...(['label', 'recipient', 'block', 'street', 'avenue', 'building', 'floor', 'apartment'] as const).map((f) => [kuwaitAddressSchema, kuwait, f] as const),
    ...(['label', 'recipient', 'district', 'street'] as const).map((f) => [saudiAddressSchema, saudi, f] as const),
  ];
  it.each(cases)('the schema takes exactly ADDRESS_LENGTHS.max characters (%#: %s)', (schema, base, field) => {
    const max = ADDRESS_LENGTHS[field].max;
    expect(schema.safeParse({ ...base, [field]: '1'.repeat(max) }).success).toBe(true);
    const over = schema.safeParse({ ...base, [field]: '1'.repeat(max + 1) });
    expect(over.success).toBe(false);
    expect(over.error?.issues[0]?.message).toBe('max_chars_validation_error');
  });
});
