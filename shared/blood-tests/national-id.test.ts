import { describe, expect, it } from 'vitest';
import {
  maskNationalId,
  nationalIdLength,
  validateEmiratesId,
  validateKuwaitCivilId,
  validateNationalId,
  validateSaudiId,
} from './national-id';

describe('Kuwait civil ID', () => {
  it('accepts a valid id and reads the birth date from it', () => {
    expect(validateKuwaitCivilId('285031512318')).toEqual({
      ok: true,
      id: '285031512318',
      kind: 'civil_id',
      birthDate: '1985-03-15',
    });
    expect(validateKuwaitCivilId('305062012303', '2005-06-20').ok).toBe(true);
  });
  it('takes Arabic-Indic digits and spaces', () => {
    expect(validateKuwaitCivilId('٢٨٥ ٠٣١٥ ١٢٣١٨')).toMatchObject({ ok: true, id: '285031512318' });
  });
  it('refuses a wrong check digit, length, century or date', () => {
    expect(validateKuwaitCivilId('285031512319')).toEqual({ ok: false, error: 'national_id_checksum' });
    expect(validateKuwaitCivilId('28503151231')).toEqual({ ok: false, error: 'national_id_format' });
    expect(validateKuwaitCivilId('185031512318')).toEqual({ ok: false, error: 'national_id_format' });
    expect(validateKuwaitCivilId('285023012318')).toEqual({ ok: false, error: 'national_id_birth_date' });
  });
  it('refuses a birth date that differs from the patient’s', () => {
    expect(validateKuwaitCivilId('285031512318', '1985-03-16')).toEqual({
      ok: false,
      error: 'national_id_birth_mismatch',
    });
  });
});

describe('Saudi national ID and iqama', () => {
  it('accepts both kinds', () => {
    expect(validateSaudiId('1012345672')).toMatchObject({ ok: true, kind: 'national_id' });
    expect(validateSaudiId('٢٣٤٥٦٧٨٩٠٤')).toMatchObject({ ok: true, kind: 'iqama', id: '2345678904' });
  });
  it('refuses a bad checksum or prefix', () => {
    expect(validateSaudiId('1012345673')).toEqual({ ok: false, error: 'national_id_checksum' });
    expect(validateSaudiId('3012345672')).toEqual({ ok: false, error: 'national_id_format' });
    expect(validateSaudiId('101234567')).toEqual({ ok: false, error: 'national_id_format' });
  });
  it('is chosen by country', () => {
    expect(validateNationalId('SA', '285031512318').ok).toBe(false);
    expect(validateNationalId('KW', '285031512318').ok).toBe(true);
  });
});

it('masks all but the last four digits', () => {
  expect(maskNationalId('285031512318')).toBe('••••••••2318');
});

describe('Emirates ID', () => {
  it('accepts 784, the year, a serial and a Luhn check digit, typed with dashes or Arabic-Indic digits', () => {
    expect(validateEmiratesId('784-1990-1234567-6')).toEqual({ ok: true, id: '784199012345676', kind: 'emirates_id' });
    expect(validateEmiratesId('٧٨٤١٩٩٠١٢٣٤٥٦٧٦').ok).toBe(true);
    expect(validateNationalId('AE', '784199012345676').ok).toBe(true);
    expect(nationalIdLength('AE')).toBe(15);
  });

  it('refuses a wrong check digit, prefix or length', () => {
    expect(validateEmiratesId('784199012345677')).toEqual({ ok: false, error: 'national_id_checksum' });
    expect(validateEmiratesId('785199012345676')).toEqual({ ok: false, error: 'national_id_format' });
    expect(validateEmiratesId('78419901234567')).toEqual({ ok: false, error: 'national_id_format' });
  });
});
