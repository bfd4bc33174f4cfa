// Customers, promotions and search in the staff app, through its forms at staff.localhost:
// a support agent finds a shopper, credits their wallet and downloads their data export (an attachment,
// audited); the owner's erasure wants the e-mail typed; coupons and synonyms through their forms.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { RoleGrant } from '#shared/staff/permissions';
import { cookiesFrom, newShopper, registerWithId, storefront } from './helpers';
import { staffPage, staffPost, staffSignIn } from './staff-session';

const post = staffPost;

async function signIn(grants: RoleGrant[], lang: 'en' | 'ar' = 'en') {
  return staffSignIn(grants, { lang, name: 'Noura' });
}

const shopper = () => newShopper('people');

/** The key the shopper's page showed the wallet form with. */
async function walletKey(id: number, cookie: string) {
  const page = await (await staffPage(`/customers/${id}`, cookie)).text();
  return /name="idempotency_key" value="([0-9a-f-]{36})"/.exec(page)![1]!;
}

describe('customers in the staff app', () => {
  it('finds a shopper, credits the wallet with a reason, and downloads the export as an audited attachment', async () => {
    const agent = await signIn([{ role: 'support', country: null }]);
    const reem = await shopper();
    const nav = await (await staffPage('/', agent.cookie)).text();
    expect(nav).toContain('href="/customers"');
    expect(nav).not.toContain('href="/search"');
    const found = await staffPage(`/customers?q=${encodeURIComponent(reem.email)}`, agent.cookie);
    expect(found.status).toBe(200);
    expect(await found.text()).toContain(`href="/customers/${reem.id}"`);

    const noReason = await post(
      `/customers/${reem.id}/wallet`,
      { currency: 'KWD', direction: 'credit', amount: '2', note: 'x' },
      agent.cookie,
    );
    expect(noReason.status).toBe(400);
    const key = await walletKey(reem.id, agent.cookie);
    expect(await walletKey(reem.id, agent.cookie)).not.toBe(key);
    const form = {
      currency: 'KWD',
      direction: 'credit',
      amount: '2.500',
      reason_code: 'goodwill',
      note: 'Parcel arrived late',
      idempotency_key: key,
    };
    // Sent twice (a double click): both land on the page, the wallet credited once (the export below).
    const [credited, twice] = await Promise.all([
      post(`/customers/${reem.id}/wallet`, form, agent.cookie),
      post(`/customers/${reem.id}/wallet`, form, agent.cookie),
    ]);
    for (const res of [credited, twice]) {
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(`/customers/${reem.id}?done=wallet`);
    }
    const page = await (await staffPage(`/customers/${reem.id}?done=wallet`, agent.cookie)).text();
    expect(page).toContain('The wallet was adjusted.');
    expect(page).toContain('2.500');
    expect(page).toContain('Parcel arrived late');
    expect(page).not.toContain('Erase this shopper');

    const download = await staffPage(`/customers/${reem.id}/export`, agent.cookie);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(download.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="customer-${reem.id}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    );
    expect(download.headers.get('cache-control')).toContain('no-store');
    const data = (await download.json()) as { account: { email: string }; wallet: { accounts: unknown[] } };
    expect(data.account.email).toBe(reem.email);
    expect(data.wallet.accounts).toEqual([{ currency: 'KWD', balance: 2500 }]);
    const audit = await env.API_DB.prepare(
      "SELECT staff_id FROM audit_log WHERE action = 'customer.export' AND resource_id = ?",
    )
      .bind(String(reem.id))
      .all();
    expect(audit.results).toEqual([{ staff_id: agent.id }]);
  });

  // Moved down from the e2e story back-office-customers.spec.ts (decision 70): the staff app is plain
  // forms, and the shopper's wallet page is whole in its first HTML, so no browser is needed.
  it("credits a shopper's wallet in Arabic, and she sees the balance and the adjustment (not the note) in both languages", async () => {
    const agent = await signIn([{ role: 'support', country: 'KW' }], 'ar');
    const device = cookiesFrom(await storefront('/api/country'));
    const email = `wallet-${crypto.randomUUID()}@example.com`;
    const reem = await registerWithId(email, device, 'ريم الشمري');
    const list = await (await staffPage(`/customers?q=${encodeURIComponent(email)}`, agent.cookie)).text();
    expect(list).toContain('<h1>العملاء</h1>');
    expect(list).toContain(`href="/customers/${reem.id}"`);
    const credited = await post(
      `/customers/${reem.id}/wallet`,
      {
        currency: 'KWD',
        direction: 'credit',
        amount: '3.500',
        reason_code: 'goodwill',
        note: 'Delivery came two days late',
        idempotency_key: await walletKey(reem.id, agent.cookie),
      },
      agent.cookie,
    );
    expect(credited.status).toBe(303);
    const page = await (await staffPage(credited.headers.get('location')!, agent.cookie)).text();
    expect(page).toContain('تم تعديل المحفظة.');
    expect(page).toContain('<td>تعديل</td>');
    expect(page).toContain('Delivery came two days late');

    for (const [path, adjustment] of [
      ['/profile/wallet', 'Adjustment by our team'],
      ['/ar/profile/wallet', 'تعديل من فريقنا'],
    ] as const) {
      const html = await (await storefront(path, { headers: { cookie: `${reem.cookie}; country=KW` } })).text();
      expect(html, path).toMatch(/data-testid="wallet-balance">[^<]*3\.500/);
      const history = html.slice(html.indexOf('data-testid="wallet-history"'));
      expect(history, path).toContain(adjustment);
      expect(html, path).not.toContain('Delivery came two days late');
    }
  });

  it("erases for the owner only after the shopper's e-mail is typed, in Arabic too", async () => {
    const owner = await signIn([{ role: 'owner', country: null }], 'ar');
    const reem = await shopper();
    const wrong = await post(
      `/customers/${reem.id}/erase`,
      { confirm_email: 'other@example.com', reason: 'طلب العميل' },
      owner.cookie,
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('البريد الإلكتروني لا يطابق بريد العميل.');
    const done = await post(
      `/customers/${reem.id}/erase`,
      { confirm_email: reem.email, reason: 'طلب العميل' },
      owner.cookie,
    );
    expect(done.status).toBe(303);
    const page = await (await staffPage(`/customers/${reem.id}?done=erased`, owner.cookie)).text();
    expect(page).toContain('تم مسح البيانات الشخصية للعميل.');
    expect(page).not.toContain(reem.email);
  });
});

describe('promotions and search in the staff app', () => {
  it('creates a coupon through the form and lists it', async () => {
    const manager = await signIn([{ role: 'catalogue_manager', country: null }]);
    const created = await post(
      '/promotions/new',
      {
        code: 'form15',
        kind: 'percent',
        value: '15',
        min_subtotal: '',
        max_uses: '100',
        per_person_limit: '1',
        starts_on: '',
        ends_on: '2099-12-31',
        country: 'SA',
      },
      manager.cookie,
    );
    expect(created.status).toBe(303);
    const list = await (await staffPage('/promotions', manager.cookie)).text();
    expect(list).toContain('FORM15');
    expect(list).toContain('Saudi Arabia');
    const bad = await post('/promotions/new', { code: 'x', kind: 'percent', value: '150' }, manager.cookie);
    expect(bad.status).toBe(400);
  });

  it('takes a coupon of all countries with each other country’s own amounts, a row a country', async () => {
    const manager = await signIn([{ role: 'catalogue_manager', country: null }]);
    const form = await (await staffPage('/promotions/new', manager.cookie)).text();
    expect(form).toContain('Value in Saudi Arabia (SAR)');
    expect(form).toContain('name="min_subtotal_SA"');
    expect(form).toContain('name="value_AE"');
    const fields = { code: 'gulf3', kind: 'fixed', value: '3', min_subtotal: '10', country: '' };
    // Each other country's amount off is its own: without them the form comes back refused.
    expect((await post('/promotions/new', fields, manager.cookie)).status).toBe(400);
    const created = await post(
      '/promotions/new',
      { ...fields, value_SA: '35', min_subtotal_SA: '120', value_AE: '30', min_subtotal_AE: '100' },
      manager.cookie,
    );
    expect(created.status).toBe(303);
    const edit = await (await staffPage(created.headers.get('location')!, manager.cookie)).text();
    expect(edit).toMatch(/name="value_SA"[^>]*value="35.00"|value="35.00"[^>]*name="value_SA"/);
    expect(edit).toMatch(/name="min_subtotal_SA"[^>]*value="120.00"|value="120.00"[^>]*name="min_subtotal_SA"/);
    const list = await (await staffPage('/promotions', manager.cookie)).text();
    expect(list).toContain('35.00');
  });

  it('adds a synonym through the form and shows the zero-result report', async () => {
    const manager = await signIn([{ role: 'catalogue_manager', country: null }]);
    const added = await post('/search/synonyms', { phrase: 'Glowberry' }, manager.cookie);
    expect(added.status).toBe(303);
    const page = await (await staffPage('/search', manager.cookie)).text();
    expect(page).toContain('glowberry');
    expect(page).toContain('Searches that found nothing');
  });
});
