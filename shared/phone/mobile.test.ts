// Kuwait's, Saudi Arabia's and the Emirates' mobile ranges, one rule for the forms, the API and the back office.
import { describe, expect, it } from 'vitest';
import { addressSchema, setPhoneSchema } from '../api/account-schemas';
import { stcPayPhone } from '../api/order-schemas';
import { phoneCodeSchema } from '../api/phone-auth-schemas';
import { nurseCreateSchema } from '../api/staff-lab-schemas';
import { isMobileNumber } from './mobile';

const VALID = {
  // Zain (9…), Ooredoo (5…, 6…), stc Kuwait (5…, 9…), Virgin (41…).
  KW: ['98765432', '99123456', '50012345', '55512345', '66012345', '60312345', '41123456'],
  // stc (50, 53, 55), Mobily (54, 56), Zain (58, 59), virtual operators (57).
  SA: ['501234567', '512345678', '530000000', '550955806', '561234567', '581234567', '591234567', '570123456'],
  // Etisalat (50, 54, 56), du (52, 55, 58).
  AE: ['501234567', '541234567', '561234567', '521234567', '551234567', '581234567'],
} as const;

const INVALID = {
  KW: [
    '00000000',
    '12345678',
    '22345678', // a landline (Kuwait City)
    '24412345', // a landline
    '1801234', // a 7-digit service number
    '9876543', // one digit short
    '987654321', // one digit too many
    '30000000',
    '80012345',
    '51812345', // 51 8…: no Kuwaiti operator has it
  ],
  SA: [
    '112345678', // a Riyadh landline
    '126123456', // a Jeddah landline
    '800123456', // toll-free
    '920012345', // a unified number
    '51234567', // one digit short
    '5123456789',
    '000000000',
    '520000000', // 52 is not a mobile range
    '98765432', // a Kuwaiti mobile under Saudi Arabia
  ],
  AE: [
    '43270400', // a Dubai landline
    '26123456', // an Abu Dhabi landline
    '800123456', // toll-free
    '50123456', // one digit short
    '5012345678', // one digit too many
    '511234567', // 51 is not a mobile range
    '98765432', // a Kuwaiti mobile under the Emirates
  ],
} as const;

describe('mobile numbers', () => {
  it.each(['KW', 'SA', 'AE'] as const)(
    'of %s: mobiles pass, landlines, service numbers and made-up digits do not',
    (c) => {
      for (const n of VALID[c]) expect(isMobileNumber(c, n), `${c} ${n}`).toBe(true);
      for (const n of INVALID[c]) expect(isMobileNumber(c, n), `${c} ${n}`).toBe(false);
    },
  );

  it('are the same rule in every schema with a phone: sign-in codes, the profile, addresses, STC Pay, nurses', () => {
    for (const phone of ['00000000', '12345678', '1234-5678', '2234 5678']) {
      expect(phoneCodeSchema.safeParse({ country: 'KW', phone, channel: 'sms' }).success, phone).toBe(false);
      expect(setPhoneSchema.safeParse({ country: 'KW', phone }).success, phone).toBe(false);
      expect(nurseCreateSchema.safeParse({ country: 'KW', name: 'Mona', phone }).success, phone).toBe(false);
    }
    for (const phone of ['+965 9876 5432', '٩٨٧٦٥٤٣٢', '0096555512345']) {
      expect(phoneCodeSchema.safeParse({ country: 'KW', phone, channel: 'sms' }).success, phone).toBe(true);
      expect(setPhoneSchema.safeParse({ country: 'KW', phone }).success, phone).toBe(true);
    }
    expect(stcPayPhone.safeParse('0112345678').success).toBe(false);
    expect(stcPayPhone.safeParse('0550955806').success).toBe(true);
    const kuwaitAddress = {
      country: 'KW',
      recipient: 'Huda',
      phone: '12345678',
      area_id: 1,
      block: '1',
      street: 'Gulf Road',
      building: '2',
    };
    const refused = addressSchema.safeParse(kuwaitAddress);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual(['phone', 'phone_invalid']);
    expect(addressSchema.safeParse({ ...kuwaitAddress, phone: '98765432' }).success).toBe(true);
  });
});
