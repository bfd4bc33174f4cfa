// Loyalty pages of the back office (issue 47) at staff.localhost, through their forms: the owner's
// rules per country in both languages (field errors beside their fields, a save redirected), the
// monthly report and its CSV, and a shopper's points beside her wallet with the adjustment form (its
// confirmation, a refusal shown on the form). Other roles get 403 and no "Loyalty" in the navigation.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { newShopper } from './helpers';
import { staffPage, staffPost, staffSignIn } from './staff-session';

let owner = '';
let ownerAr = '';
let support = '';

const decoded = (html: string) => html.replaceAll('&#x27;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&');
const inputValue = (html: string, id: string) =>
  new RegExp(`<input[^>]*id="${id}"[^>]*value="([^"]*)"|<input[^>]*value="([^"]*)"[^>]*id="${id}"`)
    .exec(html)
    ?.slice(1)
    .find((v) => v !== undefined);

/** The form as the page fills it for a country (every field's current value). */
function formOf(html: string, country: 'KW' | 'SA'): Record<string, string> {
  const form: Record<string, string> = { country, is_active: 'on' };
  for (const m of html.matchAll(new RegExp(`id="${country}-([a-z_0-9]+)"`, 'g'))) {
    const field = m[1]!;
    if (field === 'title' || field === 'is_active') continue;
    form[field] = inputValue(html, `${country}-${field}`) ?? '';
  }
  return form;
}

beforeAll(async () => {
  owner = (await staffSignIn([{ role: 'owner', country: null }])).cookie;
  ownerAr = (await staffSignIn([{ role: 'owner', country: null }], { lang: 'ar' })).cookie;
  support = (await staffSignIn([{ role: 'support', country: null }])).cookie;
});

describe('the loyalty rules page', () => {
  it('shows each country’s rules and tiers in its own currency, in English and Arabic', async () => {
    const res = await staffPage('/loyalty', owner);
    expect(res.status).toBe(200);
    const html = decoded(await res.text());
    expect(html).toContain('href="/loyalty"');
    expect(html).toContain('Saudi Arabia (SAR)');
    expect(html).toContain('What one step takes off (KWD)');
    expect(inputValue(html, 'KW-redeem_step_value')).toBe('0.200');
    expect(inputValue(html, 'SA-redeem_step_value')).toBe('2.00');
    expect(inputValue(html, 'SA-silver_min_spend')).toBe('1200.00');
    expect(inputValue(html, 'KW-gold_multiplier')).toBe('1.5');
    expect(inputValue(html, 'KW-bronze_free_delivery')).toBe('');
    const ar = await (await staffPage('/loyalty', ownerAr)).text();
    expect(ar).toContain('<html lang="ar" dir="rtl">');
    expect(ar).toContain('قواعد الولاء');
    expect(ar).toContain('المستويات');
  });

  it('shows each refused field’s message beside it with what was typed, then saves', async () => {
    const form = formOf(decoded(await (await staffPage('/loyalty', owner)).text()), 'SA');
    const bad = await staffPost('/loyalty', { ...form, silver_min_spend: '0', redeem_step_value: '2.005' }, owner);
    expect(bad.status).toBe(400);
    const page = decoded(await bad.text());
    expect(page).toMatch(/id="SA-silver_min_spend-error"[^>]*>Each tier needs more spending than the one before\.</);
    expect(page).toMatch(
      /id="SA-redeem_step_value-error"[^>]*>Use at most as many decimals as the country’s currency has/,
    );
    expect(inputValue(page, 'SA-redeem_step_value')).toBe('2.005');

    const saved = await staffPost('/loyalty', { ...form, birthday_points: '150' }, owner);
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/loyalty?done=saved');
    const after = decoded(await (await staffPage('/loyalty?done=saved', owner)).text());
    expect(after).toContain('The loyalty rules are saved.');
    expect(inputValue(after, 'SA-birthday_points')).toBe('150');
    const row = await env.API_DB.prepare("SELECT birthday_points FROM loyalty_rules WHERE country = 'SA'").first();
    expect(row).toEqual({ birthday_points: 150 });
    // Back as they were: the API isolate keeps the rules it read (five minutes) for the files after this one.
    expect((await staffPost('/loyalty', form, owner)).status).toBe(303);
  });

  it('is the owner’s alone', async () => {
    expect((await staffPage('/loyalty', support)).status).toBe(403);
    expect((await staffPage('/loyalty/report', support)).status).toBe(403);
    expect(await (await staffPage('/', support)).text()).not.toContain('href="/loyalty"');
  });
});

describe('the monthly points report page', () => {
  it('shows both countries with their liability, and downloads the CSV', async () => {
    const res = await staffPage('/loyalty/report', owner);
    expect(res.status).toBe(200);
    const html = decoded(await res.text());
    expect(html).toContain('Monthly points report');
    expect(html).toContain('data-testid="report-KW"');
    expect(html).toContain('data-testid="report-SA"');
    expect(html).toContain('Liability (SAR)');
    const csv = await staffPage('/loyalty/report.csv', owner);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="points-report-\d{4}-\d{2}\.csv"$/);
    expect((await csv.text()).split('\r\n')[1]).toMatch(/^KW,KWD,/);
    const ar = await (await staffPage('/loyalty/report', ownerAr)).text();
    expect(ar).toContain('تقرير النقاط الشهري');
  });
});

describe('a shopper’s points on her page', () => {
  it('adjusts her points after the confirmation, shows the line with its reason, and a refusal on the form', async () => {
    const reem = await newShopper('office-points');
    const page = decoded(await (await staffPage(`/customers/${reem.id}`, support)).text());
    expect(page).toContain('data-testid="customer-points"');
    expect(page).toContain('No points yet.');
    const key = /name="event_key" value="([0-9a-f-]{36})"/.exec(page)![1]!;
    const form = { event_key: key, country: 'KW', direction: 'add', points: '250', reason: 'Parcel arrived late' };

    const unconfirmed = await staffPost(`/customers/${reem.id}/points`, form, support);
    expect(unconfirmed.status).toBe(400);
    expect(decoded(await unconfirmed.text())).toContain('Tick the confirmation to adjust the points.');

    const done = await staffPost(`/customers/${reem.id}/points`, { ...form, confirm: 'on' }, support);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`/customers/${reem.id}?done=points#points`);
    // The same form sent again (a double click) writes nothing more.
    expect((await staffPost(`/customers/${reem.id}/points`, { ...form, confirm: 'on' }, support)).status).toBe(303);
    const after = decoded(await (await staffPage(`/customers/${reem.id}?done=points`, support)).text());
    expect(after).toContain('The points were adjusted.');
    expect(after).toContain('250 points');
    expect(after).toContain('Parcel arrived late');
    expect(after.match(/data-line="/g)).toHaveLength(1);

    const tooMany = await staffPost(
      `/customers/${reem.id}/points`,
      { ...form, event_key: crypto.randomUUID(), direction: 'remove', points: '300', confirm: 'on' },
      support,
    );
    expect(tooMany.status).toBe(409);
    const refused = decoded(await tooMany.text());
    expect(refused).toContain('She does not have that many points');
    expect(refused).toMatch(/<textarea[^>]*id="points-reason"[^>]*>Parcel arrived late<\/textarea>/);
  });
});
