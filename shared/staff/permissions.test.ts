import { describe, expect, it } from 'vitest';
import { can, countriesFor, PERMISSIONS, ROLE_PERMISSIONS, ROLES } from './permissions';

describe('staff permissions', () => {
  it('gives the owner every permission and keeps staff and audit rights to the owner', () => {
    expect([...ROLE_PERMISSIONS.owner].sort()).toEqual([...PERMISSIONS].sort());
    for (const role of ROLES.filter((r) => r !== 'owner')) {
      expect(ROLE_PERMISSIONS[role]).not.toContain('staff:write');
      expect(ROLE_PERMISSIONS[role]).not.toContain('audit:read');
      expect(ROLE_PERMISSIONS[role]).not.toContain('customers:erase');
    }
  });
  it('keeps health data to the lab coordinator (and the owner)', () => {
    const health = ['results:read', 'results:enter', 'results:approve'] as const;
    for (const role of ROLES) {
      for (const p of health)
        expect(can([{ role, country: null }], p)).toBe(role === 'owner' || role === 'lab_coordinator');
    }
  });
  it("keeps consultations to nutritionists and every nutritionist's schedule and earnings to the owner", () => {
    for (const role of ROLES) {
      expect(can([{ role, country: null }], 'consultations:read')).toBe(role === 'owner' || role === 'nutritionist');
      expect(can([{ role, country: null }], 'consultations:manage')).toBe(role === 'owner');
    }
  });
  it("keeps every nutritionist's profile and lists to the catalogue: a nutritionist writes only her own", () => {
    for (const role of ROLES) {
      expect(can([{ role, country: null }], 'nutritionists:manage')).toBe(
        role === 'owner' || role === 'catalogue_manager',
      );
      expect(can([{ role, country: null }], 'nutritionists:write')).toBe(
        role === 'owner' || role === 'catalogue_manager' || role === 'nutritionist',
      );
    }
  });
  it('keeps the loyalty rules and the points report to the owner; support adjusts points as it does the wallet', () => {
    for (const role of ROLES) {
      expect(can([{ role, country: null }], 'loyalty:manage')).toBe(role === 'owner');
      expect(can([{ role, country: null }], 'customers:wallet')).toBe(role === 'owner' || role === 'support');
    }
  });
  it('gives a driver her own stops and nothing else; cash reconciling to fulfilment and the owner', () => {
    expect(ROLE_PERMISSIONS.driver).toEqual(['deliveries:drive']);
    for (const role of ROLES)
      expect(can([{ role, country: null }], 'cod:reconcile')).toBe(role === 'owner' || role === 'fulfilment');
  });
  it('limits a country-scoped grant to its country', () => {
    const kwClerk = [{ role: 'fulfilment' as const, country: 'KW' as const }];
    expect(can(kwClerk, 'orders:fulfil', 'KW')).toBe(true);
    expect(can(kwClerk, 'orders:fulfil', 'SA')).toBe(false);
    expect(can(kwClerk, 'orders:refund', 'KW')).toBe(false);
    expect(countriesFor(kwClerk, 'orders:read')).toEqual(['KW']);
    expect(countriesFor(kwClerk, 'customers:read')).toEqual([]);
    expect(countriesFor([...kwClerk, { role: 'support', country: null }], 'orders:read')).toBeNull();
  });
  it('lists only known permissions in every role', () => {
    for (const role of ROLES) for (const p of ROLE_PERMISSIONS[role]) expect(PERMISSIONS).toContain(p);
  });
});
