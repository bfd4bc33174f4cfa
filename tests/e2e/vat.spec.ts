// Saudi prices include VAT from the card to the tax invoice (decision 9); Kuwait shows no VAT at all.
import type { Page } from '@playwright/test';
import { expect, signUpThroughApi, test, uniqueEmail } from './fixtures';

/** The first available product of the listing, its base price and what a Saudi shopper pays for it. */
async function firstProduct(page: Page): Promise<{ slug: string; shown: string }> {
  return page.evaluate(async () => {
    const countries = (await (await fetch('/api/country')).json()).data.items as Array<{
      code: string;
      exchange_rate: string;
      vat_basis_points: number;
    }>;
    const sa = countries.find((c) => c.code === 'SA')!;
    const res = await fetch('/api/product/1', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ filters: [{ key: 'only_available', type: 'boolean', value: true }] }),
    });
    const card = (await res.json()).data.items[0] as { slug: string; default_sku: { price: { price: number } } };
    // Independently of the shop's money module: fils × rate × (1 + VAT), in halalas, rounded half up.
    const halalas = Math.round(
      (card.default_sku.price.price * Number(sa.exchange_rate) * (10_000 + sa.vat_basis_points)) / 10_000 / 10,
    );
    return { slug: card.slug, shown: (halalas / 100).toFixed(2) };
  });
}

/** The QR payload's TLV fields by tag. */
function tlvFields(b64: string): Record<number, string> {
  const bytes = Buffer.from(b64, 'base64');
  const out: Record<number, string> = {};
  for (let i = 0; i < bytes.length; i += 2 + bytes[i + 1]!)
    out[bytes[i]!] = bytes.subarray(i + 2, i + 2 + bytes[i + 1]!).toString('utf8');
  return out;
}

test('a Saudi shopper sees VAT-inclusive prices from card to invoice', async ({ page }) => {
  await signUpThroughApi(page, { lang: 'ar', name: 'Sara Buyer', email: uniqueEmail('vat') });
  await page.goto('/ar/profile');
  await expect(page).toHaveURL(/\/ar\/profile$/);
  await page.getByTestId('country-switch').selectOption('SA');
  await expect(page.getByTestId('country-switch')).toHaveValue('SA');

  // The card and the product page show the VAT-inclusive price.
  const product = await firstProduct(page);
  await page.goto('/ar/products?available=1');
  const card = page.getByTestId('product-card').filter({ has: page.locator(`a[href*="/products/${product.slug}?"]`) });
  await expect(card.locator('.price-now')).toContainText(product.shown);
  await expect(card.locator('.price-now')).toContainText('ر.س');
  await page.goto(`/ar/products/${product.slug}`);
  await expect(page.locator('main .price-now').first()).toContainText(product.shown);

  // The cart: the same unit price, the total as the sum, and the VAT it includes as its own line.
  await page.locator('main .add-button').first().click();
  await page.goto('/ar/cart');
  await expect(page.getByTestId('cart-line').locator('.price-now')).toContainText(product.shown);
  const vatLine = page.getByTestId('vat-included');
  await expect(vatLine).toContainText('يشمل ضريبة القيمة المضافة 15٪');

  // Kuwait in the same cart: dinars, and no VAT line.
  await page.getByTestId('country-switch').selectOption('KW');
  await expect(page.getByTestId('total')).toContainText('د.ك');
  await expect(page.getByTestId('vat-included')).toHaveCount(0);
  await page.getByTestId('country-switch').selectOption('SA');
  await expect(page.getByTestId('total')).toContainText('ر.س');
  await expect(vatLine).toBeVisible();

  // Checkout shows the same VAT-inclusive total and its VAT line.
  await page.getByRole('button', { name: 'إتمام الشراء' }).click();
  const form = page.getByTestId('address-form');
  await form.locator('input[name=city_search]').fill('Riy');
  await expect(form.locator('select[name=city_id] option')).toHaveCount(2);
  await form.locator('select[name=city_id]').selectOption({ index: 1 });
  await form.locator('input[name=phone]').fill('512345678');
  await form.locator('input[name=district]').fill('Al Olaya');
  await form.locator('input[name=street]').fill('King Fahd Road');
  await form.locator('input[name=building_number]').fill('2345');
  await form.locator('input[name=postal_code]').fill('12211');
  await form.locator('button[type=submit]').click();
  await page.getByRole('button', { name: 'المتابعة إلى الدفع' }).click();
  await expect(page).toHaveURL(/\/ar\/checkout\/order$/);
  const total = (await page.getByTestId('total').innerText()).match(/\d+\.\d{2}/)![0];
  const vat = (await page.getByTestId('vat-included').locator('dd').innerText()).match(/\d+\.\d{2}/)![0];
  // The VAT included is total × 15 / 115.
  expect(Math.abs(Number(vat) - (Number(total) * 15) / 115)).toBeLessThanOrEqual(0.005);
  await page.getByRole('button', { name: 'تأكيد الطلب' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('شكراً لك! تم تأكيد طلبك.');
  const number = await page.getByTestId('order-number').innerText();

  // The placed order's page: the same totals and the simplified tax invoice with its QR code.
  await page.goto(`/ar/profile/orders?id=${number}`);
  await expect(page.getByTestId('total')).toContainText(total);
  const invoice = page.getByTestId('tax-invoice');
  await expect(invoice.getByRole('heading')).toHaveText('فاتورة ضريبية مبسطة');
  await expect(invoice).toContainText('310457812300003');
  await expect(invoice).toContainText('شركة خليج الفيتامينات التجارية');
  const qr = invoice.getByRole('img', { name: /رمز QR للفاتورة الضريبية/ });
  await expect(qr).toBeVisible();
  const fields = tlvFields((await qr.getAttribute('data-qr'))!);
  expect(fields[1]).toBe('شركة خليج الفيتامينات التجارية');
  expect(fields[2]).toBe('310457812300003');
  expect(fields[3]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  expect(fields[4]).toBe(total);
  expect(fields[5]).toBe(vat);
});

// A shopper who switches country keeps a price filter that means the same money: a step of the Arabic
// journey in catalogue.spec.ts since decision 74.
