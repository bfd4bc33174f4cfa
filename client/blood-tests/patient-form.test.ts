import { beforeAll, describe, expect, it } from 'vitest';
import { emptyPatient } from './booking-store';
import { loadPatientSchema, nationalIdState, patientErrors } from './patient-form';

const mother = {
  name: 'Noura Al-Harbi',
  sex: 'female' as const,
  date_of_birth: '1962-04-10',
  relation: 'parent' as const,
  national_id: '1012345672',
};

describe('patientErrors', () => {
  beforeAll(() => loadPatientSchema());

  it('accepts a Saudi mother with a valid national id, and a Kuwaiti with a civil id of the same birth date', () => {
    expect(patientErrors(mother, 'SA')).toEqual({});
    expect(patientErrors({ ...mother, date_of_birth: '1985-03-15', national_id: '285031512318' }, 'KW')).toEqual({});
  });

  it('names every missing field with a message key', () => {
    const errors = patientErrors(emptyPatient(), 'KW');
    expect(Object.keys(errors).sort()).toEqual(['date_of_birth', 'name', 'national_id', 'relation', 'sex']);
    expect(errors.name).toBe('mandatory-field');
  });

  it('refuses an id with a wrong check digit, or a Saudi id in Kuwait', () => {
    expect(patientErrors({ ...mother, national_id: '1012345673' }, 'SA').national_id).toBe('national_id_checksum');
    expect(patientErrors(mother, 'KW').national_id).toBe('national_id_format');
  });
});

describe('nationalIdState', () => {
  it('says nothing while the number is still being typed, in Latin or Arabic digits', () => {
    expect(nationalIdState('10123', 'SA', '')).toEqual({ state: 'typing' });
    expect(nationalIdState('٢٨٥ ٠٣١', 'KW', '')).toEqual({ state: 'typing' });
  });

  it('says right or why not once the number is whole', () => {
    expect(nationalIdState('1012345672', 'SA', '')).toEqual({ state: 'ok' });
    expect(nationalIdState('٢٣٤٥٦٧٨٩٠٤', 'SA', '')).toEqual({ state: 'ok' });
    expect(nationalIdState('1012345673', 'SA', '')).toEqual({ state: 'error', key: 'national_id_checksum' });
    expect(nationalIdState('12a', 'SA', '')).toEqual({ state: 'error', key: 'national_id_format' });
  });

  it('checks a Kuwaiti civil id against the date of birth once both are there', () => {
    expect(nationalIdState('285031512318', 'KW', '1985-03-15')).toEqual({ state: 'ok' });
    expect(nationalIdState('285031512318', 'KW', '1990-01-01')).toEqual({
      state: 'error',
      key: 'national_id_birth_mismatch',
    });
  });
});
