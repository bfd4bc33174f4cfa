// The back office's catalogue as a catalogue manager uses it: a
// sold-out product found by the stock filter, its price changed and its stock raised from 0 with a
// reason, and a new photograph uploaded; the shopper's product page then shows the new price, an
// add-to-cart button and the photograph, resized to WebP, at once.
import sharp from 'sharp';
import { formatMinor } from '../../shared/money';
import { openSoldOutProduct, signInCatalogueManager as signIn } from './catalogue-manager';
import { expect, staffOrigin, test } from './fixtures';

const TEXT = {
  en: {
    nav: 'Catalogue',
    heading: 'Products',
    stock: 'Stock',
    soldOut: 'Sold out',
    filter: 'Filter',
    price: 'Price (KWD)',
    reason: 'Reason for a stock change',
    save: /^Save /,
    saved: 'Saved. Shoppers see the change now.',
    addToCart: /^Add to cart/,
    file: 'New image',
    alt: 'Description for screen readers (English)',
    upload: 'Upload',
  },
  ar: {
    nav: 'المنتجات',
    heading: 'المنتجات',
    stock: 'المخزون',
    soldOut: 'نفد من المخزون',
    filter: 'تصفية',
    price: 'السعر (د.ك)',
    reason: 'سبب تغيير المخزون',
    save: /^حفظ /,
    saved: 'تم الحفظ. يرى المتسوقون التغيير الآن.',
    addToCart: /^أضف إلى السلة/,
    file: 'صورة جديدة',
    alt: 'وصف لقارئات الشاشة (بالعربية)',
    upload: 'رفع',
  },
} as const;

// In Arabic only (decision 70): the English notice and the English product page after a price change
// and a restock are the storefront integration test staff-catalogue.test.ts, the stored renditions too.
for (const lang of ['ar'] as Array<'en' | 'ar'>) {
  test(`a catalogue manager changes a price, restocks a sold-out size and adds a photograph; the shopper sees all three (${lang})`, async ({
    page,
    baseURL,
  }) => {
    const x = TEXT[lang];
    const staff = staffOrigin(baseURL!);
    await signIn(page, staff, lang);
    await page
      .getByRole('navigation', { name: lang === 'ar' ? 'لوحة الإدارة' : 'Back office' })
      .getByRole('link', { name: x.nav })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: x.heading })).toBeVisible();
    const { slug } = await openSoldOutProduct(page, lang);

    // A price the seed never uses, in fils, typed as dinars.
    const fils = 1000 + Math.floor(Math.random() * 8000);
    const sku = page.locator(
      'form[action^="/catalogue/skus/"]:not([action$="/stock"]):not([action$="/country-price"])',
    );
    await sku.getByLabel(x.price).fill((fils / 1000).toFixed(3));
    await sku.getByLabel(x.stock, { exact: true }).fill('24');
    await sku.getByLabel(x.reason).fill(lang === 'ar' ? 'شحنة من المورّد' : 'Delivery from the supplier');
    await sku.getByRole('button', { name: x.save }).click();
    await expect(page.getByText(x.saved)).toBeVisible();
    await expect(page.getByText(x.soldOut)).toHaveCount(0);

    // A 1600-pixel photograph: stored as 400 and 800 pixel WebP renditions, never the original.
    const photo = await sharp({ create: { width: 1600, height: 1600, channels: 3, background: '#2a7a5c' } })
      .png()
      .toBuffer();
    const alt = `${lang === 'ar' ? 'العبوة من الأمام' : 'The bottle, front'} ${fils}`;
    const upload = page.locator('form[action$="/images"]');
    await upload.getByLabel(x.file).setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: photo });
    await upload.getByLabel(x.alt).fill(alt);
    await upload.getByRole('button', { name: x.upload }).click();
    await expect(page.getByText(x.saved)).toBeVisible();

    // The shopper, on the shop's own origin, right after.
    await page.goto(`${lang === 'ar' ? '/ar' : ''}/products/${slug}`);
    await expect(page.getByText(formatMinor(fils, 'KWD', lang, 'KW')).first()).toBeVisible();
    await expect(page.getByRole('button', { name: x.addToCart }).first()).toBeVisible();
    const picture = page.getByRole('img', { name: alt }).first();
    await expect(picture).toHaveAttribute('src', /-800\.webp$/);
    const served = await page.request.get(new URL((await picture.getAttribute('src'))!, page.url()).href);
    expect(served.headers()['content-type']).toBe('image/webp');
    const size = await sharp(await served.body()).metadata();
    expect([size.format, size.width, size.height]).toEqual(['webp', 800, 800]);
  });
}

const NEW = {
  en: {
    add: 'Add a product',
    nameEn: 'Name (English)',
    nameAr: 'Name (Arabic)',
    category: 'Category',
    sizeEn: 'Size (English), e.g. 60 capsules',
    sizeAr: 'Size (Arabic), e.g. 60 كبسولة',
    stock: 'Units in stock',
    create: 'Add the product',
    added: 'Added.',
    shown: 'Shown to shoppers',
    saveProduct: 'Save the product',
  },
  ar: {
    add: 'إضافة منتج',
    nameEn: 'الاسم (بالإنجليزية)',
    nameAr: 'الاسم (بالعربية)',
    category: 'الفئة',
    sizeEn: 'الحجم (بالإنجليزية)، مثل 60 capsules',
    sizeAr: 'الحجم (بالعربية)، مثل 60 كبسولة',
    stock: 'الوحدات في المخزون',
    create: 'أضف المنتج',
    added: 'تمت الإضافة.',
    shown: 'ظاهر للمتسوقين',
    saveProduct: 'حفظ المنتج',
  },
} as const;

// In Arabic only (decision 70): the English run is the storefront integration test
// staff-catalogue-create.test.ts.
for (const lang of ['ar'] as Array<'en' | 'ar'>) {
  test(`a catalogue manager adds a product with its picture and shows it; the shopper finds it by name (${lang})`, async ({
    page,
    baseURL,
  }) => {
    const x = { ...TEXT[lang], ...NEW[lang] };
    const staff = staffOrigin(baseURL!);
    await signIn(page, staff, lang);
    await page.goto(`${staff}/catalogue`);
    await page.getByRole('link', { name: x.add }).click();

    const n = 1000 + Math.floor(Math.random() * 8000);
    const name = { en: `Zinc Bisglycinate ${n}`, ar: `زنك بيسجلايسينات ${n}` };
    const form = page.locator('form[action="/catalogue/products"]');
    await form.getByLabel(x.nameEn).fill(name.en);
    await form.getByLabel(x.nameAr).fill(name.ar);
    await form.getByLabel(x.category).selectOption({ index: 1 });
    await form.getByLabel(x.sizeEn).fill('90 tablets');
    await form.getByLabel(x.sizeAr).fill('90 قرصاً');
    await form.getByLabel(x.price).fill((n / 1000).toFixed(3));
    await form.getByLabel(x.stock).fill('15');
    await form.getByRole('button', { name: x.create }).click();
    await expect(page.getByText(x.added)).toBeVisible();
    const slug = (await page.locator('p.muted .mono').first().innerText()).split('·')[1]!.trim();

    // Hidden until shown: the shop answers "not found" for it.
    expect((await page.request.get(`${lang === 'ar' ? '/ar' : ''}/products/${slug}`)).status()).toBe(404);

    const photo = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#7a2a5c' } })
      .png()
      .toBuffer();
    const upload = page.locator('form[action$="/images"]');
    await upload.getByLabel(x.file).setInputFiles({ name: 'zinc.png', mimeType: 'image/png', buffer: photo });
    await upload.getByRole('button', { name: x.upload }).click();
    await expect(page.getByText(x.saved)).toBeVisible();
    const details = page.locator(
      'form[action^="/catalogue/products/"]:not([action$="/images"]):not([action$="/skus"]):not([action$="/delete"])',
    );
    await details.getByLabel(x.shown).check();
    await details.getByRole('button', { name: x.saveProduct }).click();
    await expect(page.getByText(x.saved)).toBeVisible();

    // The shopper searches for it by its name in the page's language and opens it.
    await page.goto(`${lang === 'ar' ? '/ar' : ''}/search?q=${encodeURIComponent(name[lang])}`);
    await page
      .getByRole('link', { name: new RegExp(name[lang]) })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(name[lang]) })).toBeVisible();
    await expect(page.getByText(formatMinor(n, 'KWD', lang, 'KW')).first()).toBeVisible();
    await expect(page.getByRole('button', { name: x.addToCart }).first()).toBeVisible();
  });
}
