// The visits list's nurse column: a booked visit offers the nurses of its own country and, once one
// is assigned, the confirmation; a visit that moved on only names its nurse. Both languages.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Permission } from '#shared/staff/permissions';
import { staffTranslator } from '../../lib/i18n';
import type { VisitView, VisitsData } from '#shared/api/staff-lab-responses';
import { VisitsPage } from './Visits';

const visit = (over: Partial<VisitView>): VisitView => ({
  id: 1234567890,
  country: 'SA',
  status: 'booked',
  zone: 'city:2',
  zone_en: 'Jeddah',
  zone_ar: 'جدة',
  slot: { date: '2026-12-01', window: '07-09', starts: '07:00', ends: '09:00' },
  patient: { name: 'Noura', sex: 'female', date_of_birth: '1985-03-15' },
  address: 'Tahlia Street',
  phone: '+966512345678',
  tests: [{ name_en: 'Vitamin D', name_ar: 'فيتامين د' }],
  payment: { method: 'pay_at_visit', state: 'pay_at_visit', total: 9900, currency: 'SAR' },
  nurse: null,
  confirmed: false,
  ...over,
});

function render(visits: VisitView[], lang: 'en' | 'ar', permissions: Permission[] = ['visits:read', 'visits:collect']) {
  const data: VisitsData = {
    date: '2026-12-01',
    zone: null,
    zones: [],
    nurses: [
      { id: 1, country: 'KW', name: 'Fatima Kuwait' },
      { id: 2, country: 'SA', name: 'Reem Saudi' },
    ],
    visits,
  };
  return renderToStaticMarkup(
    createElement(VisitsPage, {
      t: staffTranslator(lang),
      nonce: 'n',
      me: { staff: { id: 1, name: 'Huda', email: 'h@example.com', lang }, grants: [], permissions, nutritionist: null },
      data,
      notes: {},
    }),
  );
}

describe('the nurse column of the visits list', () => {
  it('offers only the nurses of the visit’s country, and no confirmation before one is assigned', () => {
    const page = render([visit({})], 'en');
    expect(page).toContain('action="/lab/visits/nurse"');
    expect(page).toContain('Reem Saudi');
    expect(page).not.toContain('Fatima Kuwait');
    expect(page).toContain('No nurse yet');
    expect(page).not.toContain('action="/lab/visits/confirm"');
  });

  it('offers the confirmation once a nurse is assigned, and says when it is confirmed, in Arabic', () => {
    const assigned = render([visit({ nurse: { id: 2, name: 'Reem Saudi' } })], 'ar');
    expect(assigned).toContain('action="/lab/visits/confirm"');
    expect(assigned).toContain('تأكيد الزيارة');
    expect(assigned).toContain('غير مؤكدة بعد');
    const confirmed = render([visit({ nurse: { id: 2, name: 'Reem Saudi' }, confirmed: true })], 'ar');
    expect(confirmed).not.toContain('action="/lab/visits/confirm"');
    expect(confirmed).toContain('Reem Saudi · مؤكدة');
  });

  it('only names the nurse of a visit that moved on, or to a reader who may not assign', () => {
    const collected = render([visit({ status: 'sample_collected', nurse: { id: 2, name: 'Reem Saudi' } })], 'en');
    expect(collected).toContain('Reem Saudi');
    expect(collected).not.toContain('action="/lab/visits/nurse"');
    const reader = render([visit({})], 'en', ['visits:read']);
    expect(reader).not.toContain('action="/lab/visits/nurse"');
  });
});
