import { describe, expect, it } from 'vitest';
import { COMPANY } from '#shared/company';
import { displayPhone } from './CompanyDetails';

describe('displayPhone', () => {
  it('groups the Kuwaiti and Saudi numbers of shared/company.ts the way they are dialled', () => {
    expect(displayPhone(COMPANY.entities.KW.phone)).toBe('+965 2227 0400');
    expect(displayPhone(COMPANY.entities.SA.phone)).toBe('+966 11 290 1400');
  });

  it('leaves anything that is not E.164 as it is', () => {
    expect(displayPhone('22270400')).toBe('22270400');
  });
});
