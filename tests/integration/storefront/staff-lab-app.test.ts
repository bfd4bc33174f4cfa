// The back office's Blood tests pages through their forms: the sections a role opens (a
// fulfilment clerk or a support agent never reaches patient data), the catalogue and capacity pages,
// and a form post answered with Post/Redirect/Get and a note, or the API's reason.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { RoleGrant } from '#shared/staff/permissions';

import { staffPage, staffPost, staffSignIn } from './staff-session';

const post = staffPost;

async function signIn(grants: RoleGrant[], lang: 'en' | 'ar' = 'en') {
  return (await staffSignIn(grants, { lang, name: 'Huda' })).cookie;
}

describe('the Blood tests area of the staff app', () => {
  it('shows Visits, Results and Blood tests to a lab coordinator, and none of them to fulfilment or support', async () => {
    const lab = await signIn([{ role: 'lab_coordinator', country: 'KW' }]);
    const home = await (await staffPage('/', lab)).text();
    for (const href of ['/lab/visits', '/lab/results', '/lab/tests']) expect(home).toContain(`href="${href}"`);
    const visits = await staffPage('/lab/visits', lab);
    expect(visits.status).toBe(200);
    expect(await visits.text()).toContain('Visits of the day');
    for (const role of ['fulfilment', 'support'] as const) {
      const cookie = await signIn([{ role, country: null }]);
      const page = await (await staffPage('/', cookie)).text();
      for (const href of ['/lab/visits', '/lab/results', '/lab/tests'])
        expect(page, role).not.toContain(`href="${href}"`);
      for (const path of ['/lab/visits', '/lab/results', '/lab/results/1234567890']) {
        const res = await staffPage(path, cookie);
        expect(res.status, `${role} ${path}`).toBe(403);
        expect(await res.text()).toContain('Not available to your role');
      }
    }
  });

  it('lists tests with their prices in the coordinator’s country, in Arabic', async () => {
    const lab = await signIn([{ role: 'lab_coordinator', country: 'KW' }], 'ar');
    const res = await staffPage('/lab/tests', lab);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain('<html lang="ar" dir="rtl">');
    expect(page).toContain('فحوصات الدم وأسعارها');
    expect(page).toContain('السعر في الكويت');
    expect(page).not.toContain('السعر في السعودية');
  });

  it('adds a blackout day through the form (Post/Redirect/Get), and shows the API’s reason for a bad one', async () => {
    const lab = await signIn([{ role: 'lab_coordinator', country: null }]);
    const added = await post(
      '/lab/tests/blackout',
      { country: 'KW', date: '2027-03-21', name_en: 'Spring holiday', name_ar: 'عطلة الربيع' },
      lab,
    );
    expect(added.status).toBe(303);
    expect(added.headers.get('location')).toBe('/lab/tests/capacity?done=blackout');
    const page = await (await staffPage('/lab/tests/capacity?done=blackout', lab)).text();
    expect(page).toContain('Spring holiday');
    expect(page).toContain('Blackout days saved.');
    const bad = await post(
      '/lab/tests/blackout',
      { country: 'KW', date: '2027-02-30', name_en: 'x', name_ar: 'x' },
      lab,
    );
    expect(bad.headers.get('location')).toBe('/lab/tests/capacity?error=date_invalid');
    const refused = await (await staffPage('/lab/tests/capacity?error=date_invalid', lab)).text();
    expect(refused).toContain('Please enter a real date (YYYY-MM-DD).');
    const row = await env.API_DB.prepare(
      "SELECT action FROM audit_log WHERE action = 'blackout_day.add' AND resource_id = '2027-03-21'",
    ).first();
    expect(row).not.toBeNull();
  });

  it('adds a nurse through the Nurses page in Arabic, and shows the reason for a phone of the other country', async () => {
    const lab = await signIn([{ role: 'lab_coordinator', country: 'SA' }], 'ar');
    expect(await (await staffPage('/', lab)).text()).toContain('href="/lab/nurses"');
    const added = await post('/lab/nurses', { country: 'SA', name: 'ريم القحطاني', phone: '٠٥٥١٢٣٤٥٦٧' }, lab);
    expect(added.status).toBe(303);
    expect(added.headers.get('location')).toBe('/lab/nurses?done=nurse_added');
    const page = await (await staffPage('/lab/nurses?done=nurse_added', lab)).text();
    expect(page).toContain('<html lang="ar" dir="rtl">');
    expect(page).toContain('ريم القحطاني');
    expect(page).toContain('+966551234567');
    expect(page).toContain('أُضيف الاسم إلى القائمة.');
    const bad = await post('/lab/nurses', { country: 'SA', name: 'X', phone: '55123456' }, lab);
    expect(bad.headers.get('location')).toBe('/lab/nurses?error=nurse_phone_invalid');
    const refused = await (await staffPage('/lab/nurses?error=nurse_phone_invalid', lab)).text();
    expect(refused).toContain('أدخل رقم جوال من بلد الزيارات');
    // A Saudi coordinator adds only to Saudi Arabia's list.
    expect(page).not.toContain('value="KW"');
  });
});
