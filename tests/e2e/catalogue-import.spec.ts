// A shop manager who works in Arabic loads a supplier's range from a spreadsheet: she downloads the
// catalogue, checks a file with a mistake and reads what is wrong with which line, checks the corrected
// file of 200 products of a new brand, imports it, and a shopper finds them in the shop at once. Then
// she undoes the import and they are gone (which also leaves the other stories' shop as it was).
import { readFile } from 'node:fs/promises';
import { CATALOGUE_COLUMNS } from '../../shared/catalogue/import-format';
import { formatMinor } from '../../shared/money';
import { csvCell } from '../../shared/text/csv';
import { signInCatalogueManager } from './catalogue-manager';
import { expect, staffOrigin, test } from './fixtures';

const run = Math.random().toString(36).slice(2, 8);
const brand = `nabta-${run}`;
const slug = (i: number) => `${brand}-moringa-${i}`;

function supplierFile(mistake: boolean): string {
  const lines = Array.from({ length: 200 }, (_, i) => {
    const cells: Partial<Record<(typeof CATALOGUE_COLUMNS)[number], string>> = {
      product_slug: slug(i),
      product_name_en: `Nabta ${run} Moringa ${i}`,
      product_name_ar: `نبتة مورينجا ${i}`,
      description_ar: 'أوراق مورينجا مجففة في كبسولات.',
      brand_slug: brand,
      brand_name_en: `Nabta ${run}`,
      brand_name_ar: 'نبتة',
      category_slug: `${brand}-leaves`,
      category_name_en: 'Leaves',
      category_name_ar: 'أوراق',
      shown: 'نعم',
      sku_name_en: '60 capsules',
      sku_name_ar: '٦٠ كبسولة',
      // Typed on an Arabic keyboard: ٤٫٢٥٠ is 4.250.
      price_kwd: i === 0 ? '٤٫٢٥٠' : `${3 + (i % 5)}.500`,
      stock: '40',
    };
    if (mistake && i === 4) cells.price_kwd = 'أربعة';
    return CATALOGUE_COLUMNS.map((c) => csvCell(cells[c] ?? '')).join(',');
  });
  return [CATALOGUE_COLUMNS.join(','), ...lines].join('\r\n');
}

test('a shop manager imports 200 products from CSV in Arabic and sees them in the shop', async ({ page, baseURL }) => {
  test.slow();
  const staff = staffOrigin(baseURL!);
  await signInCatalogueManager(page, staff, 'ar');
  await page.goto(`${staff}/catalogue/import`);
  await expect(page.getByRole('heading', { level: 1, name: 'الاستيراد والتصدير' })).toBeVisible();

  // The catalogue as a spreadsheet opens it: the export's columns, a line a size.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'تنزيل الكتالوج (CSV)' }).click(),
  ]);
  const exported = await readFile((await download.path())!, 'utf8');
  expect(exported.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(CATALOGUE_COLUMNS.join(','));

  // A file with a price written in words: nothing is imported, and the line and column are named.
  const check = async (text: string) => {
    await page.getByLabel('ملف CSV (بترميز UTF-8، حتى 5,000 سطر)').setInputFiles({
      name: 'nabta.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(text),
    });
    await page.getByRole('button', { name: 'افحص الملف' }).click();
  };
  await check(supplierFile(true));
  await expect(
    page.getByRole('heading', { name: 'مشكلة واحدة: لم يُستورد شيء. صحّح الملف وافحصه مرة أخرى.' }),
  ).toBeVisible();
  const problem = page.getByRole('row').filter({ hasText: 'price_kwd' });
  await expect(problem.getByRole('cell').first()).toHaveText('6');
  await expect(problem).toContainText('اكتب السعر بالدينار الكويتي بثلاث خانات عشرية على الأكثر، مثل 4.500.');

  // The corrected file: what it will do, then the import.
  await check(supplierFile(false));
  await expect(page.getByText('لا مشكلات في الملف. اقرأ ما سيفعله ثم استورده.')).toBeVisible();
  const summary = page.getByRole('region', { name: 'ما سيفعله الاستيراد' });
  await expect(summary.getByText('200 منتج جديد', { exact: true })).toBeVisible();
  await expect(summary.getByText('علامة تجارية جديدة واحدة')).toBeVisible();
  await page.getByRole('button', { name: 'استورد 200 سطر' }).click();
  await expect(page.getByText('تم الاستيراد. يرى المتسوقون التغييرات الآن.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'تراجع عن هذا الاستيراد' })).toBeEnabled();
  const importPage = page.url().replace(/\?.*$/, '');

  // The shopper, in Arabic, right after: the search finds all 200, the product page is whole.
  await page.goto(`/ar/search?q=${encodeURIComponent(`Nabta ${run}`)}`);
  await expect(page.getByText('200 منتج', { exact: true }).first()).toBeVisible();
  await page.goto(`/ar/products/${slug(0)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'نبتة مورينجا 0' })).toBeVisible();
  await expect(page.getByText(formatMinor(4250, 'KWD', 'ar', 'KW')).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^أضف إلى السلة/ }).first()).toBeVisible();

  // Undone from its record: the products, the brand and the category go.
  await page.goto(importPage);
  await page.getByRole('button', { name: 'تراجع عن هذا الاستيراد' }).click();
  await expect(page.getByText('تم التراجع عن الاستيراد.')).toBeVisible();
  await page.goto(`/ar/products/${slug(0)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'نبتة مورينجا 0' })).toHaveCount(0);
});
