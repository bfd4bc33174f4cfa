// The account page's "Your health data" says, before she presses "Erase my health data", that her
// consultations' intake forms, chats and notes go too (what api/src/data-rights/health-erasure.ts
// erases: tests/integration/api/health-data-erase.test.ts), and that the bookings themselves stay.
import { describe, expect, it } from 'vitest';
import { envelope, storefront, stubApi } from './helpers';

const now = Date.now();
const user = { id: 12, name: 'Huda', email: 'huda@example.com', phone: null };
const KUWAIT = {
  id: 1,
  code: 'KW',
  name_en: 'Kuwait',
  name_ar: 'الكويت',
  currency: 'KWD',
  decimals: 3,
  exchange_rate: '1.0000',
  is_default: true,
};

async function healthSection(path: string): Promise<string> {
  const stub = stubApi((req) => {
    const at = new URL(req.url).pathname;
    if (at === '/user/data/export') return envelope({ export: null });
    if (at === '/country') return envelope({ items: [KUWAIT] });
    if (at === '/user/me') return envelope({ user: { ...user, birthday: null } });
    return envelope(null);
  });
  const cookie = `dtk=dv1.d.t; atk=tok; user=1; usr=${encodeURIComponent(JSON.stringify({ ...user, exp: now + 3600_000 }))}`;
  const res = await storefront(path, { headers: { cookie } }, { API: stub.fetcher });
  expect(res.status).toBe(200);
  const html = await res.text();
  const section = /<section[^>]*data-testid="account-health"[^>]*>([\s\S]*?)<\/section>/.exec(html)?.[1];
  expect(section).toBeDefined();
  return section!.replace(/<[^>]+>/g, ' ');
}

describe('the account page’s health data section', () => {
  it('names the consultations’ intake forms, chats and notes among what is erased, in English', async () => {
    const text = await healthSection('/profile/account');
    expect(text).toMatch(
      /consultations hold: your intake forms, the chats with your nutritionist, the nutritionist’s notes/,
    );
    expect(text).toContain('bookings (consultations included, without that health text)');
  });

  it('and in Arabic', async () => {
    const text = await healthSection('/ar/profile/account');
    expect(text).toContain('استمارات ما قبل الاستشارة ومحادثات الاستشارة وملاحظات أخصائي التغذية');
    expect(text).toContain('ومنها الاستشارات، بلا هذه البيانات الصحية');
  });
});
