// Every e2e test fails on a console error, an uncaught page error or a CSP violation.
// signUpThroughApi gives a story a signed-in shopper without the sign-up form (accounts.spec.ts
// keeps one story per language that signs up through the form).
import { type APIResponse, test as base, expect, type Locator, type Page, request } from '@playwright/test';
import type { CountryCode } from '../../shared/locale';
import { totpCode } from '../../shared/staff/totp';
// The registry teaches shared/money.ts every country's core row, as the workers load it at start
// (shared/countries/known.ts): a story that formats a price to find it on the page (formatMinor) then
// writes it as the shop does, not with the bare fallback of a currency nobody taught.
import '../../shared/countries';

/** The network address each story's page claims (see the page fixture below). */
const addresses = new WeakMap<Page, string>();

/**
 * Counts every layout shift of each document the page opens from its first paint (an init script, run
 * again on each navigation); the returned function reads the current document's sum.
 */
export async function watchLayoutShifts(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number };
    w.shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>) w.shifts += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { shifts: number }).shifts);
}

/**
 * From an Arabic listing, puts its first product in an empty cart with the card's button, as a shopper
 * would, and checks what she is told; answers the card and the product's full name.
 */
export async function addFirstCardToCartInArabic(page: Page): Promise<{ card: Locator; name: string }> {
  const card = page.getByTestId('product-card').first();
  // The card shows the name without the brand above it; its title holds the full name.
  const name = (await card.locator('.product-card-name').getAttribute('title'))!.trim();
  await card.getByRole('button', { name: `أضف إلى السلة: ${name}` }).click();
  await expect(page.getByTestId('toast')).toContainText('تمت إضافة المنتج إلى السلة');
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  return { card, name };
}

export const uniqueEmail = (tag = 'story') => `${tag}${Date.now()}${Math.floor(Math.random() * 1e6)}@example.com`;

export interface Shopper {
  name: string;
  email: string;
  password: string;
}

/**
 * Creates an account through the storefront's /api proxy from the page's own request context, so
 * the session cookies the storefront worker sets land in the browser: the page is signed in.
 */
export async function signUpThroughApi(
  page: Page,
  {
    lang = 'en',
    country = 'KW',
    name = 'Sara Shopper',
    email = uniqueEmail(),
    proven = true,
  }: { lang?: 'en' | 'ar'; country?: CountryCode; name?: string; email?: string; proven?: boolean } = {},
): Promise<Shopper> {
  const password = 'secret1';
  const res = await page.request.post('/api/user/register', {
    headers: {
      accept: 'application/json',
      lang,
      'x-country': country,
      'cf-connecting-ip': addresses.get(page) ?? '198.18.0.1',
    },
    data: { name, email, password, confirmPassword: password },
  });
  expect(res.status(), await res.text()).toBe(200);
  // As she would, she opens the confirmation link: the shop mails order updates only to a proven address.
  if (proven) await confirmEmail(page, email);
  return { name, email, password };
}

/**
 * Opens the confirmation link the shop mailed `email` at sign-up (decision 85), read from the dev mailbox
 * as her inbox, through the page's own request context: her address is proven, and the order mail and
 * reminders she expects reach her. Retried until the mail is delivered, as openMail is.
 */
async function confirmEmail(page: Page, email: string) {
  let token = '';
  await expect(async () => {
    // Her inbox only: the whole mailbox is every story's mail, rendered.
    const box = await (await page.request.get(`/dev/mailbox?to=${encodeURIComponent(email)}`)).text();
    const mail = box.split('<article>').find((m) => m.includes(email) && m.includes('verify-email?token='));
    token = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail ?? '')?.[1] ?? '';
    expect(token, `no confirmation link to ${email} in the mailbox yet`).not.toBe('');
  }).toPass({ timeout: 20_000 });
  const res = await page.request.post('/api/user/verify-email', {
    headers: { accept: 'application/json', 'cf-connecting-ip': addresses.get(page) ?? '198.18.0.1' },
    data: { token },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Drops the console errors a step caused on purpose (a failed request), keeping any other. */
export function allowProblems(problems: string[], expected: RegExp) {
  problems.splice(0, problems.length, ...problems.filter((p) => !expected.test(p)));
}

/**
 * Signs out as a shopper does: "Sign out" on her profile page, which leads home. Not by opening
 * /logout-profile from the address bar: a call her last page made as it went live can still be on its
 * way, and its 401 would send her to sign in instead (accounts.spec.ts has the story).
 */
export async function signOut(page: Page, lang: 'en' | 'ar' = 'en') {
  const prefix = lang === 'ar' ? '/ar' : '';
  if (new URL(page.url()).pathname !== `${prefix}/profile`) await page.goto(`${prefix}/profile`);
  await page.getByTestId('sign-out').click();
  await expect(page).toHaveURL(lang === 'ar' ? /\/ar$/ : /:\d+\/$/);
}

/**
 * The dev mailbox, opened until the mail to (or about) `has` with `subject` is there, and that mail.
 * Mail goes out after the answer that queued it (a delivery run in waitUntil, behind any mail other
 * stories queued just before), so a mailbox opened once right after can come before the mail: each
 * try loads the page again, as a tester would. A mail a Queue's consumer sends wants a longer `timeout`.
 */
export async function openMail(
  page: Page,
  {
    lang,
    has,
    subject,
    timeout = 20_000,
  }: { lang: 'en' | 'ar'; has: string; subject?: string | RegExp; timeout?: number },
): Promise<Locator> {
  const mail = () => {
    const found = page.locator('article', { hasText: has });
    return subject ? found.filter({ hasText: subject }) : found;
  };
  // An address opens that inbox only (`?to=`): the whole mailbox is every story's mail, each HTML part a
  // frame Chromium lays out again at every try.
  const query = new URLSearchParams(lang === 'ar' ? { lang } : {});
  if (/^[^\s@]+@[^\s@]+$/.test(has)) query.set('to', has);
  const search = query.size > 0 ? `?${query}` : '';
  await expect(async () => {
    await page.goto(`/dev/mailbox${search}`);
    await expect(mail().first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout });
  return mail();
}

/**
 * The local outbox of texts (/dev/messages), opened until a WhatsApp message to (or about) `has` with
 * `text` is there, and those messages. Texts go out after the answer that queued them, as mail does
 * (openMail).
 */
export async function openWhatsApp(
  page: Page,
  { has, text }: { has: string; text: string | RegExp },
): Promise<Locator> {
  const found = () => page.locator('article[data-channel="whatsapp"]', { hasText: has }).filter({ hasText: text });
  await expect(async () => {
    await page.goto('/dev/messages');
    await expect(found().first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  return found();
}

/** A new shopper, signed in, who switched the shop to Saudi Arabia from her profile. */
export async function signUpInSaudiArabia(page: Page, lang: 'en' | 'ar') {
  const prefix = lang === 'ar' ? '/ar' : '';
  await signUpThroughApi(page, { lang, name: 'Noura Buyer', email: uniqueEmail('saudi') });
  await page.goto(`${prefix}/profile`);
  await page.getByTestId('country-switch').selectOption('SA');
  await expect(page.getByTestId('country-switch')).toHaveValue('SA');
}

/**
 * Opens the cart as a shopper does, with the header's cart link: a navigation inside the live page, not a
 * new page load (which would parse and hydrate the whole shop again, most of a page view's CPU here).
 */
export async function openCartFromHeader(page: Page, lang: 'en' | 'ar' = 'en') {
  await page.locator('header .cart-link').click();
  await expect(page).toHaveURL(lang === 'ar' ? /\/ar\/cart$/ : /:\d+\/cart$/);
}

/** Fills the checkout's address form with a Salmiya (Kuwait) address to `phone` (as typed) and saves it. */
export async function addKuwaitAddress(page: Page, phone: string) {
  const form = page.getByTestId('address-form');
  await form.locator('select[name=governorate_id]').selectOption('2');
  await form.locator('select[name=area_id]').selectOption('26');
  await form.locator('input[name=phone]').fill(phone);
  await form.locator('input[name=block]').fill('3');
  await form.locator('input[name=street]').fill('12');
  await form.locator('input[name=building]').fill('7');
  await form.locator('button[type=submit]').click();
}

/** A Jeddah address as the API takes it, for orders placed through it (placeCodOrder). */
export const JEDDAH_ADDRESS = {
  country: 'SA',
  recipient: 'نورة',
  phone: '512345678',
  city_id: 2,
  district: 'الروضة',
  street: 'التحلية',
  building_number: '1234',
  postal_code: '23433',
};

/**
 * The cart reminders' cron clock for "later that morning" (the dev run's `now`): the next 10:00 in the
 * Gulf at least an hour and a minute from now, outside the quiet hours and past the first step.
 */
export function nextGulfMorning(): number {
  const gulf = 3 * 3_600_000;
  const after = Date.now() + 61 * 60_000;
  const d = new Date(after + gulf);
  const ten = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 10) - gulf;
  return ten >= after ? ten : ten + 24 * 3_600_000;
}

/** Fills the checkout's address form with a Riyadh address and saves it. */
export async function addSaudiAddress(page: Page, phone: string) {
  const form = page.getByTestId('address-form');
  await form.locator('input[name=city_search]').fill('Riy');
  await expect(form.locator('select[name=city_id] option')).toHaveCount(2);
  await form.locator('select[name=city_id]').selectOption({ index: 1 });
  await form.locator('input[name=phone]').fill(phone);
  await form.locator('input[name=district]').fill('Al Olaya');
  await form.locator('input[name=street]').fill('King Fahd Road');
  await form.locator('input[name=building_number]').fill('2345');
  await form.locator('input[name=postal_code]').fill('12211');
  await form.locator('button[type=submit]').click();
  await expect(page.locator('#checkout-address-title')).toBeFocused();
}

export const test = base.extend<{ problems: string[]; analyticsConsent: 'granted' | 'denied' | null }>({
  // The e2e server records analytics in the local outbox (wrangler.toml), so every page would show the
  // consent banner over the bottom of the screen: stories start with the choice made ("denied"), except
  // analytics.spec.ts, which sets null to see the banner.
  analyticsConsent: ['denied', { option: true }],
  // Navigations resolve once React has hydrated, so a test never clicks a page that is not live yet.
  page: async ({ page, analyticsConsent, baseURL }, use) => {
    if (analyticsConsent && baseURL)
      await page.context().addCookies([{ name: 'analytics_consent', value: analyticsConsent, url: baseURL }]);
    // Pages without the app's module scripts (the back office on staff.localhost, the dev mailbox and
    // pushbox) are static: nothing hydrates there, so they are not waited for.
    const whenHydrated = () =>
      page
        .waitForFunction(
          () =>
            document.documentElement.hasAttribute('data-hydrated') ||
            (document.readyState !== 'loading' && !document.querySelector('script[type="module"]')),
          undefined,
          { timeout: 10_000 },
        )
        .catch(() => null);
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    // Each story is a shopper on their own network (RFC 2544 benchmarking range), as in production:
    // the API's per-address limits count Cloudflare's CF-Connecting-IP, which the local server takes
    // from this header. Without it every story of every run would share 127.0.0.1's allowance.
    const [a, b] = crypto.getRandomValues(new Uint8Array(2));
    const address = `198.${18 + (a! & 1)}.${b}.${1 + (a! >> 1)}`;
    addresses.set(page, address);
    await page.setExtraHTTPHeaders({ 'cf-connecting-ip': address });
    page.goto = async (...args: Parameters<typeof goto>) => {
      const res = await goto(...args);
      await whenHydrated();
      return res;
    };
    page.reload = async (...args: Parameters<typeof reload>) => {
      const res = await reload(...args);
      await whenHydrated();
      return res;
    };
    await use(page);
  },
  problems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (m) => {
        // A page's own error status (a 404 document) is asserted by the test that visits it.
        const ownStatus = m.text().startsWith('Failed to load resource') && m.location().url === page.url();
        // A 4xx from the API is an answer the app handles and shows (a wrong password, say).
        const handledApiAnswer = /status of 4\d\d/.test(m.text()) && m.location().url.includes('/api/');
        if (handledApiAnswer) return;
        // The CSP listener below is injected into every frame, also the dev mailbox's script-less
        // sandboxed mail frame, which blocks it (as it should any script).
        if (m.text().startsWith("Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed"))
          return;
        if (m.type() === 'error' && !ownStatus) problems.push(`console: ${m.text()} (${m.location().url})`);
      });
      page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
      await page.exposeFunction('__reportCsp', (v: string) => problems.push(`csp: ${v}`));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) =>
          (window as unknown as { __reportCsp: (v: string) => void }).__reportCsp(
            `${e.violatedDirective} ${e.blockedURI}`,
          ),
        );
      });
      await use(problems);
      expect(problems, 'console errors, page errors or CSP violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * A cash-on-delivery order of the cheapest available product to `address`, through the shop's API from
 * the signed-in shopper's page (as her pages would send it); answers the order number.
 */
export async function placeCodOrder(
  page: Page,
  order: { lang: 'en' | 'ar'; country: 'KW' | 'SA'; address: Record<string, unknown> },
): Promise<string> {
  return page.evaluate(async ({ lang, country, address }) => {
    const headers = { 'content-type': 'application/json', 'x-country': country, lang };
    const list = await fetch('/api/product/1', {
      method: 'POST',
      headers,
      body: JSON.stringify({
        filters: [{ key: 'only_available', type: 'boolean', value: true }],
        sort: { key: 'price', value: 'asc' },
      }),
    });
    const sku = ((await list.json()).data.items as Array<{ default_sku: { id: number } }>)[0]!.default_sku.id;
    const res = await fetch('/api/order/submit', {
      method: 'POST',
      headers,
      body: JSON.stringify({
        items: [{ sku_id: sku, count: 1 }],
        payment_method: 'cod',
        address,
        idempotency_key: crypto.randomUUID(),
      }),
    });
    const body = await res.json();
    if (res.status !== 200) throw new Error(JSON.stringify(body));
    return String(body.data.order.id);
  }, order);
}

export interface StaffAccount {
  email: string;
  password: string;
  /** Base32 TOTP secret: totpCode(secret) gives the code the authenticator app would show. */
  secret: string;
}

/** The back office's origin for this run (decision 27): the storefront hands staff.localhost over. */
export const staffOrigin = (baseURL: string) => baseURL.replace('//localhost', '//staff.localhost');

/** A staff member with these roles, through the local-only POST /dev/staff. */
export async function createStaffThroughDev(
  page: Page,
  grants: { role: string; country: 'KW' | 'SA' | null }[],
  { name = 'Staff Member', lang = 'en' }: { name?: string; lang?: 'en' | 'ar' } = {},
): Promise<StaffAccount> {
  const res = await page.request.post('/dev/staff', { data: { grants, name, lang } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as StaffAccount;
}

/** The back office's answers from Node: to its own address, with the staff host named (see signInStaff). */
async function staffRequests(staff: string) {
  const host = new URL(staff).host;
  return {
    direct: staff.replace('//staff.localhost', '//localhost'),
    api: await request.newContext({ extraHTTPHeaders: { host, origin: staff, 'sec-fetch-site': 'same-origin' } }),
  };
}

/** A cookie's value among an answer's Set-Cookie lines. */
function setCookie(res: APIResponse, name: string) {
  const line = res.headersArray().find((h) => h.name.toLowerCase() === 'set-cookie' && h.value.startsWith(`${name}=`));
  return line?.value.split(';')[0]?.slice(name.length + 1);
}

/** The password and code forms posted as the pages would post them: the session and where it leads. */
async function staffSession(staff: string, account: StaffAccount): Promise<{ session: string; next: string }> {
  const { api, direct } = await staffRequests(staff);
  try {
    const first = await api.post(`${direct}/sign-in`, {
      form: { email: account.email, password: account.password },
      maxRedirects: 0,
    });
    expect(first.status(), await first.text()).toBe(303);
    expect(first.headers().location).toBe('/verify');
    const second = await api.post(`${direct}/verify`, {
      form: { code: await totpCode(account.secret) },
      headers: { cookie: `stt=${setCookie(first, 'stt')}` },
      maxRedirects: 0,
    });
    expect(second.status(), await second.text()).toBe(303);
    const session = setCookie(second, 'stk');
    expect(session).toMatch(/^[0-9a-f]{64}$/);
    return { session: session!, next: second.headers().location! };
  } finally {
    await api.dispose();
  }
}

/**
 * Signs a staff member in without the sign-in pages (back-office.spec.ts keeps the stories that use
 * them): the password and code forms are posted as the pages would post them, and the session cookie
 * goes into the browser for the staff origin only. Arabic is chosen as the pages' language button would.
 * The requests go from Node in a context of their own: Node does not resolve *.localhost as browsers
 * do, so they go to the same server by its address with the staff host named in the Host header.
 */
export async function signInStaff(page: Page, staff: string, account: StaffAccount, lang: 'en' | 'ar' = 'en') {
  const { session, next } = await staffSession(staff, account);
  await page
    .context()
    .addCookies([
      { name: 'stk', value: session, url: staff, httpOnly: true, sameSite: 'Strict' },
      ...(lang === 'ar'
        ? [{ name: 'staff_lang', value: 'ar', url: staff, httpOnly: true, sameSite: 'Strict' as const }]
        : []),
    ]);
  await page.goto(new URL(next, staff).href);
}

/**
 * A staff member's plain forms posted from Node, as the back office's pages post them, without a page:
 * for a story whose browser part is the shopper's, where the back office's step is only what moves her
 * order on (its pages and forms are storefront integration tests, decision 74). Each form answers with
 * the redirect the page would follow; its location is returned.
 */
export async function postStaffForms(
  staff: string,
  account: StaffAccount,
  forms: Array<{ path: string; form: Record<string, string> }>,
): Promise<string[]> {
  const { session } = await staffSession(staff, account);
  const { api, direct } = await staffRequests(staff);
  try {
    const locations: string[] = [];
    for (const { path, form } of forms) {
      const res = await api.post(`${direct}${path}`, { form, headers: { cookie: `stk=${session}` }, maxRedirects: 0 });
      expect(res.status(), `${path}: ${await res.text()}`).toBe(303);
      locations.push(res.headers().location!);
    }
    return locations;
  } finally {
    await api.dispose();
  }
}

/**
 * The slug of the cheapest product in stock (one unit stays under the free-delivery threshold and any buy
 * limit), asked through the page's request context (its cookies: her country), so a story need not open
 * a page first to ask it.
 */
export async function cheapestInStockSlug(page: Page): Promise<string> {
  const res = await page.request.post('/api/product/1', {
    headers: { 'cf-connecting-ip': addresses.get(page) ?? '198.18.0.1' },
    data: {
      filters: [{ key: 'only_available', type: 'boolean', value: true }],
      sort: { key: 'price', value: 'asc' },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()).data.items as Array<{ slug: string }>)[0]!.slug;
}
