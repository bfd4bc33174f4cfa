import { describe, expect, it } from 'vitest';
import { bloodTestSubmitSchema, patientSchema, slotQuerySchema } from './blood-test-order-schemas';

const patient = {
  name: 'سارة',
  sex: 'female',
  date_of_birth: '1985-03-15',
  relation: 'self',
  country: 'KW',
  national_id: '٢٨٥٠٣١٥١٢٣١٨',
};

describe('blood-test order schemas', () => {
  it('a patient with an Arabic-digit civil id comes out with Latin digits', () => {
    expect(patientSchema.parse(patient).national_id).toBe('285031512318');
  });
  it('a civil id whose birth date differs from the patient’s is refused on the id field', () => {
    const r = patientSchema.safeParse({ ...patient, date_of_birth: '1986-03-15' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ path: ['national_id'], message: 'national_id_birth_mismatch' });
  });
  it('slots need exactly one zone and read sku ids from the query string', () => {
    expect(slotQuerySchema.parse({ area_id: '5', sku_ids: '1,2,2' })).toEqual({ area_id: 5, sku_ids: [1, 2] });
    expect(slotQuerySchema.safeParse({ area_id: '5', city_id: '2', sku_ids: '1' }).error?.issues[0]?.message).toBe(
      'slot_zone_required',
    );
  });
  it('submit needs consent given as true', () => {
    const base = {
      items: [{ sku_id: 1 }],
      idempotency_key: 'abcdefghijklmnop',
      patient_id: 1,
      address_id: 2,
      hold_id: 'hold-12345678',
      consent_version: '2026-11-v1',
      payment_method: 'pay_at_visit',
    };
    expect(bloodTestSubmitSchema.safeParse({ ...base, consent: false }).error?.issues[0]?.message).toBe(
      'consent_required',
    );
    expect(bloodTestSubmitSchema.safeParse({ ...base, consent: true }).success).toBe(true);
  });
});
