// Reviews (decision 44), the whole way: a shopper in Kuwait whose order was delivered writes her review in
// Arabic on the product page (its form loaded on demand), a moderator approves it in the back office, and
// the shopper then sees it on the product page. The order and its delivery are set up through the shop's
// API and the back office's forms; only the shopper's and the moderator's own steps use the browser.
import { type APIRequestContext, request } from '@playwright/test';
import { createStaffThroughDev, expect, signInStaff, signUpThroughApi, staffOrigin, test } from './fixtures';

const ADDRESS = {
  country: 'KW',
  recipient: 'نورة',
  phone: '98765432',
  area_id: 26,
  block: '3',
  street: '12',
  building: '7',
};

/** A cash-on-delivery order of the cheapest product in stock, from the signed-in shopper's page. */
function placeCodOrder(page: import('@playwright/test').Page) {
  return page.evaluate(async (address) => {
    const headers = { 'content-type': 'application/json', 'x-country': 'KW', lang: 'ar' };
    const list = await fetch('/api/product/1', {
      method: 'POST',
      headers,
      body: JSON.stringify({
        filters: [{ key: 'only_available', type: 'boolean', value: true }],
        sort: { key: 'price', value: 'asc' },
      }),
    });
    const item = ((await list.json()).data.items as Array<{ slug: string; default_sku: { id: number } }>)[0]!;
    const res = await fetch('/api/order/submit', {
      method: 'POST',
      headers,
      body: JSON.stringify({
        items: [{ sku_id: item.default_sku.id, count: 1 }],
        payment_method: 'cod',
        address,
        idempotency_key: crypto.randomUUID(),
      }),
    });
    const body = await res.json();
    if (res.status !== 200) throw new Error(JSON.stringify(body));
    return { order: String(body.data.order.id), slug: item.slug };
  }, ADDRESS);
}

/**
 * The back office's forms posted from Node with the moderator's session, as its pages would post them
 * (Node does not resolve staff.localhost: the same server by its address, the staff host in Host).
 */
async function staffForms(staff: string, session: string): Promise<APIRequestContext> {
  return request.newContext({
    baseURL: staff.replace('//staff.localhost', '//localhost'),
    extraHTTPHeaders: {
      host: new URL(staff).host,
      origin: staff,
      'sec-fetch-site': 'same-origin',
      cookie: `stk=${session}`,
    },
  });
}

test('a Kuwaiti shopper reviews a product she received, in Arabic, and sees it after approval', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await signUpThroughApi(page, { lang: 'ar', country: 'KW', name: 'نورة العتيبي' });
  await page.goto('/ar/');
  const { order, slug } = await placeCodOrder(page);
  // Her own words, told apart from earlier runs' reviews on the same product by the order's number.
  const review = `أستخدمه كل صباح منذ شهر، والكبسولات سهلة البلع ولا تترك طعمًا. أنصح به (الطلب ${order}).`;

  // The shop delivers it: a moderator who also fulfils (the owner) takes the order through its steps.
  const owner = await createStaffThroughDev(page, [{ role: 'owner', country: null }], { name: 'Hessa', lang: 'ar' });
  const staff = staffOrigin(baseURL!);
  await signInStaff(page, staff, owner, 'ar');
  const session = (await page.context().cookies(staff)).find((c) => c.name === 'stk')!.value;
  const forms = await staffForms(staff, session);
  try {
    for (const [step, form] of [
      ['confirm', {}],
      ['pack', {}],
      ['ship', { carrier: 'aramex', tracking_number: `KWREV${Date.now()}` }],
      ['deliver', {}],
    ] as const) {
      const res = await forms.post(`/orders/${order}/${step}`, { form, maxRedirects: 0 });
      expect(res.status(), step).toBe(303);
      expect(res.headers().location, step).toBe(`/orders/${order}?done=${step}`);
    }
  } finally {
    await forms.dispose();
  }

  // She arrives for the form (the review request's link): the section loads at once.
  await page.goto(`/ar/products/${slug}#write-review`);
  await page.getByTestId('write-review').click();
  const form = page.getByTestId('review-form');
  // Five stars: "5 نجوم" (the Arabic plural of three to ten).
  await form.getByRole('radio', { name: '5 نجوم', exact: true }).check();
  await form.getByLabel('تقييمك بالتفصيل').fill(review);
  await form.getByRole('button', { name: 'إرسال التقييم' }).click();
  await expect(page.getByTestId('toast')).toContainText('سيظهر تقييمك بعد أن يراجعه المتجر');

  // The moderator finds it waiting, in Arabic, right to left, and approves it.
  await page.goto(`${staff}/reviews`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const item = page.locator('article', { hasText: review });
  await expect(item).toContainText('5 نجوم من 5');
  await item.getByRole('button', { name: 'قبول' }).click();
  await expect(page.getByRole('status')).toHaveText('حُفظ القرار وأُبلغ الكاتب بالبريد.');
  await expect(page.locator('article', { hasText: review })).toHaveCount(0);

  // The shopper sees it among the product's reviews.
  await page.goto(`/ar/products/${slug}`);
  await expect(page.getByTestId('review').filter({ hasText: review })).toBeVisible();
});
