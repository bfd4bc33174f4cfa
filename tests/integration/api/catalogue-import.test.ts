// The back office's catalogue and stock files on real D1: the export's columns, a round trip that
// changes nothing, a dry run that names every line's problems, an all-or-nothing import that shoppers
// see at once (search, listing, alerts), a refusal when the catalogue changed since the check, orders
// kept between check and import, the undo from the import's record, and 5,000 lines in one import.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CATALOGUE_VERSION_KEY } from '#shared/catalogue/cache-version';
import { CATALOGUE_COLUMNS, catalogueColumns, ownColumns, shownColumns } from '#shared/catalogue/import-format';
import { basePricedCountries, CORE, COUNTRY_CODES, HOME_COUNTRY, ownPricedCountries } from '#shared/countries';
import type { PricingKind } from '#shared/countries/types';
import { csvCell, parseCsv } from '#shared/text/csv';
import { call, deviceToken, json, openVerifyLink } from './helpers';
import { staffCall, staffWith, type TestStaff } from './staff-helpers';
import { loadCatalogueFixture } from '../fixtures/catalogue';

let shopper: string;
let manager: TestStaff;
let support: TestStaff;

beforeAll(async () => {
  await loadCatalogueFixture(env.DB);
  shopper = await deviceToken();
  manager = await staffWith([{ role: 'catalogue_manager', country: null }], { name: 'Catalogue Manager' });
  support = await staffWith([{ role: 'support', country: null }], { name: 'Support' });
});

const exportCsv = async () => {
  const res = await staffCall(manager.token, '/staff/catalogue/export');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/csv');
  const bytes = new Uint8Array(await res.arrayBuffer());
  // A byte-order mark first, so a spreadsheet reads the Arabic as UTF-8.
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return new TextDecoder().decode(bytes);
};
const check = async (csv: string, kind: 'catalogue' | 'stock' = 'catalogue', who = manager) =>
  staffCall(who.token, '/staff/catalogue/imports', { json: { kind, file_name: `${kind}.csv`, csv } });
const checked = async (csv: string, kind: 'catalogue' | 'stock' = 'catalogue') =>
  (await json(await check(csv, kind))).data;
const apply = (id: number, who = manager) => staffCall(who.token, `/staff/catalogue/imports/${id}/apply`, { json: {} });
const revert = (id: number, who = manager) =>
  staffCall(who.token, `/staff/catalogue/imports/${id}/revert`, { json: {} });

/** A file in the export's columns from rows of named cells (the rest empty). */
const file = (rows: Array<Partial<Record<(typeof CATALOGUE_COLUMNS)[number], string>>>) =>
  [CATALOGUE_COLUMNS.join(','), ...rows.map((r) => CATALOGUE_COLUMNS.map((c) => csvCell(r[c] ?? '')).join(','))].join(
    '\n',
  );
/** A file of one row: the whey protein's 1 kg SKU (501) as it is, with `change` (a new price, stock). */
const wheyFile = (change: Partial<Record<(typeof CATALOGUE_COLUMNS)[number], string>>) =>
  file([
    {
      product_slug: 'beta-whey-protein-chocolate',
      sku_id: '501',
      sku_name_en: '1 kg',
      sku_name_ar: '1 kg',
      ...change,
    },
  ]);
const sku = (id: number) =>
  env.DB.prepare('SELECT name_en, price, old_price, stock, buy_limit FROM skus WHERE id = ?').bind(id).first<any>();
const productBySlug = (slug: string) => env.DB.prepare('SELECT * FROM products WHERE slug = ?').bind(slug).first<any>();
const search = async (text: string, lang = 'en') =>
  (await json(await call('/product', { body: JSON.stringify({ search: text }), token: shopper, headers: { lang } })))
    .data.items as Array<{ slug: string; name: string }>;

describe('export', () => {
  it('writes a line a size in the import’s columns: both languages, KWD and the Saudi price with VAT', async () => {
    const text = await exportCsv();
    const [header, ...lines] = parseCsv(text);
    expect(header!.cells).toEqual([...CATALOGUE_COLUMNS]);
    expect(lines).toHaveLength(7);
    const at = (name: string) => CATALOGUE_COLUMNS.indexOf(name as never);
    const d3 = lines.find((l) => l.cells[at('sku_id')] === '101')!.cells;
    expect(d3[at('product_slug')]).toBe('alpha-vitamin-d3-1000');
    expect(d3[at('product_name_ar')]).toBe('فيتامين د3 1000 وحدة');
    expect(d3[at('brand_slug')]).toBe('alpha-labs');
    expect(d3[at('category_slug')]).toBe('vitamin-d-c');
    expect(d3[at('parent_category_slug')]).toBe('vitamins');
    expect(d3[at('price_kwd')]).toBe('3.500');
    expect(Number(d3[at('price_sar_shown')])).toBeGreaterThan(40);
    expect(d3[at('stock')]).toBe('50');
    expect(d3[at('shown')]).toBe('yes');
    const exported = await env.DB.prepare(
      "SELECT count(*) AS n FROM audit_log WHERE action = 'catalogue.export'",
    ).first<{ n: number }>();
    expect(exported!.n).toBeGreaterThan(0);
  });

  it('reads its own export back as a file that changes nothing', async () => {
    const data = await checked(await exportCsv());
    expect(data.problems).toEqual([]);
    expect(data.warnings).toEqual([]);
    expect(data.id).toBeNull();
    expect(data.summary.products).toEqual({ create: 0, update: 0, keep: 6 });
    expect(data.summary.skus).toEqual({ create: 0, update: 0, keep: 7 });
  });
});

describe('the check', () => {
  it('lists every line’s problems with its column, and keeps nothing', async () => {
    const csv = file([
      {
        product_slug: 'Bad Slug',
        product_name_en: 'X',
        product_name_ar: 'س',
        brand_slug: 'alpha-labs',
        category_slug: 'omega',
        sku_name_en: 'a',
        sku_name_ar: 'أ',
        price_kwd: '1.5',
      },
      {
        product_slug: 'new-thing',
        product_name_en: 'New',
        product_name_ar: 'جديد',
        brand_slug: 'no-such-brand',
        category_slug: 'omega',
        sku_name_en: '30',
        sku_name_ar: '30',
        price_kwd: 'abc',
      },
      {
        product_slug: 'alpha-vitamin-d3-1000',
        sku_id: '201',
        sku_name_en: '60',
        sku_name_ar: '60',
        price_kwd: '3.500',
      },
      {
        product_slug: 'alpha-vitamin-d3-1000',
        sku_id: '101',
        sku_name_en: '60',
        sku_name_ar: '60',
        price_kwd: '3.500',
        old_price_kwd: '3.000',
      },
      {
        product_slug: 'alpha-vitamin-d3-1000',
        sku_id: '99999',
        sku_name_en: '60',
        sku_name_ar: '60',
        price_kwd: '3.500',
        product_name_en: 'Another name',
      },
    ]);
    const data = await checked(csv);
    expect(data.id).toBeNull();
    const found = data.problems.map((p: any) => [p.line, p.column, p.msg]);
    expect(found).toEqual(
      expect.arrayContaining([
        [2, 'product_slug', 'import_slug_invalid'],
        [3, 'price_kwd', 'import_price_invalid'],
        [4, 'sku_id', 'import_sku_other_product'],
        [5, 'old_price_kwd', 'import_old_price_not_above'],
        [6, 'sku_id', 'import_sku_unknown'],
        [6, 'product_name_en', 'import_product_differs'],
      ]),
    );
    // The unknown brand is named once its line's values are readable.
    const brandOnly = await checked(
      file([
        {
          product_slug: 'new-thing',
          product_name_en: 'New',
          product_name_ar: 'جديد',
          brand_slug: 'no-such-brand',
          category_slug: 'omega',
          sku_name_en: '30',
          sku_name_ar: '30',
          price_kwd: '1',
        },
      ]),
    );
    expect(brandOnly.problems).toEqual([
      { line: 2, column: 'brand_slug', msg: 'import_brand_unknown', params: { slug: 'no-such-brand' } },
    ]);
    const kept = await env.DB.prepare('SELECT count(*) AS n FROM catalogue_imports').first<{ n: number }>();
    expect(kept!.n).toBe(0);
  });

  it('names a missing or unknown column, a broken quote and too many lines', async () => {
    const header = (await checked('product_slug,colour\nx,y')).problems.map((p: any) => [p.column, p.msg]);
    expect(header).toEqual(
      expect.arrayContaining([
        ['colour', 'import_column_unknown'],
        ['price_kwd', 'import_column_missing'],
      ]),
    );
    expect((await checked(`${CATALOGUE_COLUMNS.join(',')}\n"open,`)).problems[0]).toMatchObject({
      line: 2,
      msg: 'csv_quote_unclosed',
    });
    const many = [CATALOGUE_COLUMNS.join(','), ...Array.from({ length: 5001 }, () => ',')].join('\n');
    expect((await checked(many)).problems).toEqual([
      { line: 1, column: null, msg: 'import_too_many_rows', params: { max: 5000, count: 5001 } },
    ]);
  });

  it('is for catalogue managers: a support agent may not check or apply', async () => {
    expect((await check(file([]), 'catalogue', support)).status).toBe(403);
  });
});

describe('import and undo', () => {
  const newBrandRows = [
    {
      product_slug: 'delta-zinc-25',
      product_name_en: 'Zinc 25 mg',
      product_name_ar: 'زنك 25 ملغ',
      description_ar: 'زنك للمناعة',
      brand_slug: 'delta-health',
      brand_name_en: 'Delta Health',
      brand_name_ar: 'دلتا هيلث',
      category_slug: 'immunity',
      category_name_en: 'Immunity',
      category_name_ar: 'المناعة',
      parent_category_slug: 'vitamins',
      shown: 'نعم',
      sku_name_en: '90 tablets',
      sku_name_ar: '٩٠ قرصاً',
      price_kwd: '٤٫٢٥٠',
      stock: '12',
    },
    {
      product_slug: 'delta-zinc-25',
      sku_name_en: '180 tablets',
      sku_name_ar: '١٨٠ قرصاً',
      price_kwd: '7.000',
      stock: '0',
    },
  ];

  it('applies a file whole: prices, stock, new brand, category, product and sizes, seen by shoppers at once', async () => {
    const version = await env.STOREFRONT_CACHE.get(CATALOGUE_VERSION_KEY);
    const csv = file([
      // A lower price (a price-drop alert) and a sold-out size restocked (a back-in-stock alert).
      {
        product_slug: 'beta-omega-3-fish-oil',
        sku_id: '201',
        sku_name_en: '90 softgels',
        sku_name_ar: '90 softgels',
        price_kwd: '6.900',
        old_price_kwd: '9.500',
        stock: '8',
      },
      // A renamed product with a new size beside its two.
      {
        product_slug: 'alpha-vitamin-d3-1000',
        product_name_en: 'Vitamin D3 1000 IU Softgels',
        sku_id: '101',
        sku_name_en: '60 softgels',
        sku_name_ar: '60 softgels',
        price_kwd: '3.500',
        stock: '50',
      },
      {
        product_slug: 'alpha-vitamin-d3-1000',
        sku_name_en: '240 softgels',
        sku_name_ar: '240 softgels',
        price_kwd: '10',
        stock: '3',
      },
      ...newBrandRows,
    ]);
    const data = await checked(csv);
    expect(data.problems).toEqual([]);
    expect(data.summary).toMatchObject({
      products: { create: 1, update: 1, keep: 1 },
      skus: { create: 3, update: 1, keep: 1 },
      stock: { skus: 3, added: 8 + 3 + 12, removed: 0 },
      brands: [{ slug: 'delta-health', name_en: 'Delta Health', name_ar: 'دلتا هيلث' }],
      categories: [{ slug: 'immunity', parent_slug: 'vitamins' }],
    });
    // Nothing is stored by the check.
    expect(await productBySlug('delta-zinc-25')).toBeNull();

    const res = await apply(data.id);
    expect(res.status).toBe(200);
    expect((await json(res)).meta.msg).toBe('import_applied');

    expect(await sku(201)).toMatchObject({ price: 6900, stock: 8 });
    const zinc = await productBySlug('delta-zinc-25');
    expect(zinc).toMatchObject({ name_ar: 'زنك 25 ملغ', is_active: 1, min_price: 4250, in_stock: 1 });
    const sizes = (
      await env.DB.prepare('SELECT id, name_ar, price, stock FROM skus WHERE product_id = ? ORDER BY sort_order')
        .bind(zinc.id)
        .all()
    ).results;
    expect(sizes).toMatchObject([
      { name_ar: '٩٠ قرصاً', price: 4250, stock: 12 },
      { name_ar: '١٨٠ قرصاً', price: 7000, stock: 0 },
    ]);
    expect(zinc.default_sku_id).toBe((sizes[0] as any).id);
    const category = await env.DB.prepare(
      "SELECT c.name_ar, p.slug AS parent FROM categories c JOIN categories p ON p.id = c.parent_id WHERE c.slug = 'immunity'",
    ).first();
    expect(category).toEqual({ name_ar: 'المناعة', parent: 'vitamins' });
    expect((await productBySlug('alpha-vitamin-d3-1000')).name_en).toBe('Vitamin D3 1000 IU Softgels');
    // Shoppers find the new product and the new name, in both languages.
    expect((await search('zinc')).map((p) => p.slug)).toContain('delta-zinc-25');
    expect((await search('زنك', 'ar')).map((p) => p.slug)).toContain('delta-zinc-25');
    expect((await search('softgels')).map((p) => p.slug)).toContain('alpha-vitamin-d3-1000');
    expect(await env.STOREFRONT_CACHE.get(CATALOGUE_VERSION_KEY)).not.toBe(version);
    // Alerts: the restock and the lower price, each once.
    expect(
      (await env.DB.prepare('SELECT count(*) AS n FROM back_in_stock_events WHERE sku_id = 201').first<any>()).n,
    ).toBe(1);
    expect(
      await env.DB.prepare('SELECT old_price, new_price FROM price_drop_events WHERE sku_id = 201').first(),
    ).toEqual({ old_price: 7500, new_price: 6900 });
    // The audit log names the import, and each size's stock change.
    const audit = await env.DB.prepare(
      "SELECT staff_id, after_json FROM audit_log WHERE action = 'catalogue.import' AND resource_id = ?",
    )
      .bind(String(data.id))
      .first<any>();
    expect(audit.staff_id).toBe(manager.id);
    expect(JSON.parse(audit.after_json)).toMatchObject({ rows: 5, products: { create: 1 } });
    const stockRow = await env.DB.prepare(
      "SELECT before_json, after_json FROM audit_log WHERE action = 'sku.stock' AND resource_id = '201' ORDER BY id DESC",
    ).first<any>();
    expect(JSON.parse(stockRow.after_json)).toMatchObject({ stock: 8, adjust: 8, import: data.id });
    // Applied once only.
    expect((await apply(data.id)).status).toBe(409);

    // Undone from its record: the price, the name, stock back; what it made is gone.
    const undo = await revert(data.id);
    expect(undo.status).toBe(200);
    expect(await sku(201)).toMatchObject({ price: 7500, stock: 0 });
    expect((await productBySlug('alpha-vitamin-d3-1000')).name_en).toBe('Vitamin D3 1000 IU');
    expect((await env.DB.prepare('SELECT count(*) AS n FROM skus WHERE product_id = 1').first<any>()).n).toBe(2);
    expect(await productBySlug('delta-zinc-25')).toBeNull();
    expect(await env.DB.prepare("SELECT id FROM brands WHERE slug = 'delta-health'").first()).toBeNull();
    expect(await env.DB.prepare("SELECT id FROM categories WHERE slug = 'immunity'").first()).toBeNull();
    expect((await search('zinc')).map((p) => p.slug)).not.toContain('delta-zinc-25');
    expect((await search('softgels')).map((p) => p.slug)).not.toContain('alpha-vitamin-d3-1000');
    const listing = await env.DB.prepare('SELECT in_stock, min_price FROM products WHERE id = 2').first();
    expect(listing).toEqual({ in_stock: 0, min_price: 7500 });
    expect(
      await env.DB.prepare("SELECT id FROM audit_log WHERE action = 'catalogue.import_revert' AND resource_id = ?")
        .bind(String(data.id))
        .first(),
    ).not.toBeNull();
    expect((await revert(data.id)).status).toBe(409);
  });

  it('refuses to apply over a change made since the check, and stores nothing of the file', async () => {
    const data = await checked(
      file([
        {
          product_slug: 'gamma-vitamin-c-1000',
          sku_id: '401',
          sku_name_en: '100 tablets',
          sku_name_ar: '100 tablets',
          price_kwd: '2.500',
          old_price_kwd: '3.250',
        },
        newBrandRows[0]!,
      ]),
    );
    expect(data.id).toBeGreaterThan(0);
    const edit = await staffCall(manager.token, '/staff/catalogue/skus/401', {
      json: { price: '2.600', old_price: '3.250', buy_limit: '' },
    });
    expect(edit.status).toBe(200);
    const res = await apply(data.id);
    expect(res.status).toBe(409);
    expect((await json(res)).meta.msg).toBe('import_stale');
    expect(await sku(401)).toMatchObject({ price: 2600 });
    expect(await productBySlug('delta-zinc-25')).toBeNull();
    const status = await env.DB.prepare('SELECT status FROM catalogue_imports WHERE id = ?').bind(data.id).first();
    expect(status).toEqual({ status: 'checked' });
  });

  it('keeps the orders placed between the check and the import: the file’s stock is as of the check', async () => {
    const data = await checked(wheyFile({ price_kwd: '24', stock: '25' }));
    // Two sold meanwhile (10 → 8).
    await env.DB.prepare('UPDATE skus SET stock = stock - 2 WHERE id = 501').run();
    expect((await apply(data.id)).status).toBe(200);
    expect((await sku(501)).stock).toBe(23);
  });

  it('will not undo over a later edit, and names the line', async () => {
    const data = await checked(
      file([
        {
          product_slug: 'gamma-ashwagandha-extract',
          product_name_en: 'Ashwagandha KSM-66',
          sku_id: '601',
          sku_name_en: '60 capsules',
          sku_name_ar: '60 capsules',
          price_kwd: '4.500',
        },
      ]),
    );
    expect((await apply(data.id)).status).toBe(200);
    const product = (await json(await staffCall(manager.token, '/staff/catalogue/products/6'))).data.product;
    await staffCall(manager.token, '/staff/catalogue/products/6', {
      json: { ...product, name_en: 'Ashwagandha (edited by hand)', is_active: true },
    });
    const res = await revert(data.id);
    expect(res.status).toBe(409);
    const body = await json(res);
    expect(body.meta.msg).toBe('import_revert_conflict');
    expect(body.data.lines).toEqual([{ line: 2, why: 'edited' }]);
    expect((await productBySlug('gamma-ashwagandha-extract')).name_en).toBe('Ashwagandha (edited by hand)');
    // The import's page names the same line, with what the file changed on it.
    const page = (await json(await staffCall(manager.token, `/staff/catalogue/imports/${data.id}`))).data;
    expect(page.conflicts).toEqual([{ line: 2, why: 'edited' }]);
    expect(page.lines[0].after.product.name_en).toBe('Ashwagandha KSM-66');
  });

  it('is undone only within its 180 days: after them the plan lines are not kept, and the undo is refused', async () => {
    const before = (await sku(501)).price;
    const data = await checked(wheyFile({ price_kwd: ((before + 1000) / 1000).toFixed(3) }));
    expect((await apply(data.id)).status).toBe(200);
    // Applied 181 days ago, as the retention run sees it.
    await env.DB.prepare('UPDATE catalogue_imports SET applied_at = ? WHERE id = ?')
      .bind(Date.now() - 181 * 24 * 60 * 60 * 1000, data.id)
      .run();
    const res = await revert(data.id);
    expect(res.status).toBe(409);
    expect((await json(res)).meta.msg).toBe('import_undo_expired');
    expect((await sku(501)).price).toBe(before + 1000);
  });

  it('undoing a raise alerts whoever saw the raised price, not those who saw the restored one', async () => {
    const p = (await sku(501)).price;
    const before = await watcher(501, true);
    const data = await checked(wheyFile({ price_kwd: ((p + 2000) / 1000).toFixed(3) }));
    expect((await apply(data.id)).status).toBe(200);
    expect((await sku(501)).price).toBe(p + 2000);
    const after = await watcher(501, true);

    expect((await revert(data.id)).status).toBe(200);
    expect((await sku(501)).price).toBe(p);
    // A drop like any other: the same event a hand edit writes, the same rule for whom it concerns.
    const event = await env.DB.prepare(
      'SELECT old_price, new_price FROM price_drop_events WHERE sku_id = 501 ORDER BY id DESC LIMIT 1',
    ).first();
    expect(event).toEqual({ old_price: p + 2000, new_price: p });
    await vi.waitFor(async () => expect((await mailsTo(after.email)).map((m) => m.kind)).toEqual(['price_drop']), {
      timeout: 10_000,
      interval: 200,
    });
    expect(await mailsTo(before.email)).toEqual([]);
  });
});

let watchers = 0;
/** A shopper with the SKU on a list of her own (through the wishlist routes), its price alert on or off. */
async function watcher(skuId: number, alert: boolean) {
  const email = `import-watcher-${++watchers}@example.com`;
  const registered = await call('/user/register', {
    body: JSON.stringify({ name: `Watcher ${watchers}`, email, password: 'secret1' }),
    token: shopper,
  });
  const headers = { authorization: `Bearer ${(await json(registered)).data.access_token}` };
  // Price alerts go only to a proven address (decision 85): she opened her sign-up link.
  await openVerifyLink(email, shopper);
  const made = await call('/list/new', { body: JSON.stringify({ name: 'Watching' }), token: shopper, headers });
  const list = (await json(made)).data.item.id as number;
  const added = await call(`/list/${list}/items/add`, {
    body: JSON.stringify({ sku: skuId, price_alert: alert }),
    token: shopper,
    headers,
  });
  expect(added.status).toBe(200);
  return { email };
}

/** Her mails but the sign-up's confirmation link (decision 85). */
const mailsTo = (email: string) =>
  env.DB.prepare("SELECT kind FROM mail_outbox WHERE to_address = ? AND kind <> 'email_verification'")
    .bind(email)
    .all<{ kind: string }>()
    .then((r) => r.results);

describe('stock file', () => {
  it('checks each line, then adds and takes away with each reason in the audit log, and undoes', async () => {
    const bad = await checked('sku_id,quantity,reason\n301,-9,count\n99999,5,delivery\n401,0,x\n401,2,\n', 'stock');
    expect(bad.problems.map((p: any) => [p.line, p.msg])).toEqual([
      [2, 'import_stock_negative'],
      [3, 'import_sku_unknown'],
      [4, 'import_quantity_invalid'],
      [5, 'import_reason_required'],
    ]);
    const before = { 301: (await sku(301)).stock, 601: (await sku(601)).stock };
    const data = await checked(
      'sku_id,quantity,reason\r\n301,+٥,Delivery from supplier\r\n601,-2,Damaged in store\r\n',
      'stock',
    );
    expect(data.summary.stock).toEqual({ skus: 2, added: 5, removed: 2 });
    expect((await apply(data.id)).status).toBe(200);
    expect((await sku(301)).stock).toBe(before[301] + 5);
    expect((await sku(601)).stock).toBe(before[601] - 2);
    const reasons = (
      await env.DB.prepare(
        "SELECT resource_id, reason FROM audit_log WHERE action = 'sku.stock' AND json_extract(after_json, '$.import') = ? ORDER BY resource_id",
      )
        .bind(data.id)
        .all()
    ).results;
    expect(reasons).toEqual([
      { resource_id: '301', reason: 'Delivery from supplier' },
      { resource_id: '601', reason: 'Damaged in store' },
    ]);
    const page = (await json(await staffCall(manager.token, `/staff/catalogue/imports/${data.id}`))).data;
    expect(page.lines.map((l: { sku_id: number; stock_delta: number }) => [l.sku_id, l.stock_delta])).toEqual([
      [301, 5],
      [601, -2],
    ]);
    expect((await revert(data.id)).status).toBe(200);
    expect((await sku(301)).stock).toBe(before[301]);
    expect((await sku(601)).stock).toBe(before[601]);
  });

  it('refuses the whole file when units sold since the check would take a size below zero', async () => {
    const data = await checked('sku_id,quantity,reason\n401,-3,count\n601,1,count\n', 'stock');
    const was = { 401: (await sku(401)).stock, 601: (await sku(601)).stock };
    await env.DB.prepare('UPDATE skus SET stock = 1 WHERE id = 401').run();
    const res = await apply(data.id);
    expect(res.status).toBe(409);
    const body = await json(res);
    expect(body.meta.msg).toBe('import_stock_sold_meanwhile');
    expect(body.data.lines).toEqual([{ line: 2, stock: 1 }]);
    expect((await sku(601)).stock).toBe(was[601]);
    await env.DB.prepare('UPDATE skus SET stock = ? WHERE id = 401').bind(was[401]).run();
  });
});

describe("an own-priced country's columns", () => {
  // No country of the registry is own-priced until the Emirates' part lands: one is switched for this test
  // and back (the API runs in this isolate and reads the columns from the registry on each request).
  it('reads, stores and undoes its prices, its columns in place of the read-only ones', async () => {
    const switched = COUNTRY_CODES.find((c) => c !== HOME_COUNTRY)!;
    const rows = CORE as unknown as Record<string, { pricing: PricingKind }>;
    const own = ownColumns(switched);
    rows[switched]!.pricing = 'own';
    try {
      const [header, ...lines] = parseCsv(await exportCsv());
      const names = header!.cells;
      expect(names).toEqual(catalogueColumns());
      expect(names).toContain(own.price);
      expect(names).not.toContain(shownColumns(switched).price);
      const at = (name: string) => names.indexOf(name);
      const edited = (price: string, old: string) =>
        [
          names.join(','),
          ...lines.map((l) => {
            const cells = [...l.cells];
            if (cells[at('sku_id')] === '101') {
              cells[at(own.price)] = price;
              cells[at(own.old_price)] = old;
            }
            return cells.map((c) => csvCell(c)).join(',');
          }),
        ].join('\n');
      // More digits than the currency has, and an old price not above the price: refused by line and column.
      const bad = await checked(edited('15.505', '15'));
      expect(bad.problems.map((p: { column: string; msg: string }) => [p.column, p.msg])).toEqual([
        [own.price, 'import_country_price_invalid'],
      ]);
      const data = await checked(edited('15.50', '18'));
      expect(data.problems).toEqual([]);
      expect(data.summary.skus).toMatchObject({ create: 0, update: 1 });
      expect((await apply(data.id)).status).toBe(200);
      const minor = 10 ** CORE[switched].decimals;
      const stored = () =>
        env.DB.prepare('SELECT sku_id, country, price, old_price FROM sku_country_prices').all<any>();
      expect((await stored()).results).toEqual([
        { sku_id: 101, country: switched, price: 15.5 * minor, old_price: 18 * minor },
      ]);
      // The listing's columns for the country follow at once: only product 1 is sold there.
      const listed = await env.DB.prepare(
        'SELECT product_id, min_price, max_discount FROM product_country_prices',
      ).all();
      expect(listed.results).toEqual([{ product_id: 1, min_price: 15.5 * minor, max_discount: 2.5 * minor }]);
      expect((await revert(data.id)).status).toBe(200);
      expect((await stored()).results).toEqual([]);
    } finally {
      rows[switched]!.pricing = 'converted';
    }
  });
});

describe('prices by country: a role limited to some countries', () => {
  // From the registry: Kuwait (home) and Saudi Arabia (converted) pay the base price (price_kwd); the
  // Emirates' prices are its own columns (price_aed, old_price_aed).
  const base = basePricedCountries();
  const own = ownPricedCountries()[0]!;
  const ownPrice = ownColumns(own).price;
  const minor = 10 ** CORE[own].decimals;
  const managerOf = (...countries: Array<(typeof COUNTRY_CODES)[number]>) =>
    staffWith(countries.map((country) => ({ role: 'catalogue_manager' as const, country })));
  /** The export with cells of one size changed. */
  const editedExport = async (skuId: string, change: Record<string, string>) => {
    const [header, ...lines] = parseCsv(await exportCsv());
    const names = header!.cells;
    return [
      names.join(','),
      ...lines.map((l) => {
        const cells = [...l.cells];
        if (cells[names.indexOf('sku_id')] === skuId)
          for (const [column, value] of Object.entries(change)) cells[names.indexOf(column)] = value;
        return cells.map((c) => csvCell(c)).join(',');
      }),
    ].join('\n');
  };
  const ownRow = (skuId: number) =>
    env.DB.prepare('SELECT price, old_price FROM sku_country_prices WHERE sku_id = ? AND country = ?')
      .bind(skuId, own)
      .first();
  const setOwnPrice = (who: TestStaff, price: string) =>
    staffCall(who.token, '/staff/catalogue/skus/101/country-price', { json: { country: own, price, old_price: '' } });

  it('refuses, line by line, an own-priced country’s price from a manager of another country; nothing is kept', async () => {
    expect(base).not.toContain(own);
    const home = await managerOf(HOME_COUNTRY);
    // The same change by the country-price form: refused.
    expect((await setOwnPrice(home, '15.50')).status).toBe(403);
    const csv = await editedExport('101', { [ownPrice]: '15.50' });
    const data = (await json(await check(csv, 'catalogue', home))).data;
    expect(data.id).toBeNull();
    expect(data.problems).toEqual([
      {
        line: expect.any(Number),
        column: ownPrice,
        msg: 'import_country_price_not_allowed',
        params: { countries: own },
      },
    ]);
    expect(await ownRow(101)).toBeNull();
    // A manager of that country imports the same file.
    const ownManager = await managerOf(own);
    const allowed = (await json(await check(csv, 'catalogue', ownManager))).data;
    expect(allowed.problems).toEqual([]);
    expect((await apply(allowed.id, ownManager)).status).toBe(200);
    expect(await ownRow(101)).toEqual({ price: 15.5 * minor, old_price: null });
    expect((await revert(allowed.id, ownManager)).status).toBe(200);
    expect(await ownRow(101)).toBeNull();
  });

  it('refuses a base price or a new size from a role missing a country that pays it, through the file too', async () => {
    const was = await sku(501);
    const kwd = (fils: number) => (fils / 1000).toFixed(3);
    const file = wheyFile({ price_kwd: kwd(was.price + 1000) });
    const newSize = file.replace(',501,', ',,').replace(/1 kg/g, '2 kg');
    const oldPrice = wheyFile({ price_kwd: kwd(was.price), old_price_kwd: kwd(was.price + 5000) });
    for (const only of [own, ...base]) {
      const who = await managerOf(only);
      for (const [csv, column] of [
        [file, 'price_kwd'],
        [oldPrice, 'old_price_kwd'],
        [newSize, 'price_kwd'],
      ] as const) {
        const data = (await json(await check(csv, 'catalogue', who))).data;
        expect(data.id).toBeNull();
        expect(data.problems).toEqual([
          {
            line: 2,
            column,
            msg: 'import_base_price_not_allowed',
            params: { countries: base.filter((c) => c !== only).join(',') },
          },
        ]);
      }
    }
    expect(await sku(501)).toEqual(was);
    expect(await env.DB.prepare("SELECT id FROM skus WHERE name_en = '2 kg'").first()).toBeNull();
  });

  it('lets a manager of each base-priced country (Kuwait and Saudi Arabia), of every country and the owner change it', async () => {
    const was = await sku(501);
    const owner = await staffWith([{ role: 'owner', country: null }]);
    const each = await managerOf(...base);
    for (const [who, fils] of [
      [each, was.price + 1000],
      [manager, was.price + 1500],
      [owner, was.price + 2000],
    ] as const) {
      const data = (await json(await check(wheyFile({ price_kwd: (fils / 1000).toFixed(3) }), 'catalogue', who))).data;
      expect(data.problems).toEqual([]);
      expect((await apply(data.id, who)).status).toBe(200);
      expect((await sku(501)).price).toBe(fils);
    }
    // Not the own-priced country's prices, which base-priced countries' grants do not cover.
    const refused = (await json(await check(await editedExport('101', { [ownPrice]: '9' }), 'catalogue', each))).data;
    expect(refused.problems.map((p: { msg: string }) => p.msg)).toEqual(['import_country_price_not_allowed']);
    await env.DB.prepare('UPDATE skus SET price = ?, old_price = ?, buy_limit = ? WHERE id = 501')
      .bind(was.price, was.old_price, was.buy_limit)
      .run();
  });

  it('asks again on import and on undo: a file checked by a manager of every country, pressed by a limited one', async () => {
    const home = await managerOf(HOME_COUNTRY);
    const data = await checked(await editedExport('101', { [ownPrice]: '11' }));
    expect(data.problems).toEqual([]);
    const refused = await apply(data.id, home);
    expect(refused.status).toBe(403);
    const body = await json(refused);
    expect(body.meta.msg).toBe('import_prices_not_allowed');
    expect(body.data.lines).toEqual([{ line: expect.any(Number), countries: [own] }]);
    expect(await ownRow(101)).toBeNull();
    expect((await apply(data.id)).status).toBe(200);
    expect(await ownRow(101)).toEqual({ price: 11 * minor, old_price: null });
    const undo = await revert(data.id, home);
    expect(undo.status).toBe(403);
    expect((await json(undo)).meta.msg).toBe('import_prices_not_allowed');
    expect(await ownRow(101)).toEqual({ price: 11 * minor, old_price: null });
    expect((await revert(data.id)).status).toBe(200);
    expect(await ownRow(101)).toBeNull();
  });

  it('leaves a country’s prices the file does not change alone, even when they changed since the check', async () => {
    const home = await managerOf(HOME_COUNTRY);
    const ownManager = await managerOf(own);
    expect((await setOwnPrice(ownManager, '12')).status).toBe(200);
    // Stock and the buy limit are no country's: the home country's manager may import them, the file's
    // own columns as exported.
    const csv = await editedExport('101', { stock: '44', buy_limit: '5' });
    const data = (await json(await check(csv, 'catalogue', home))).data;
    expect(data.problems).toEqual([]);
    expect(data.summary.skus).toMatchObject({ update: 1 });
    expect((await setOwnPrice(ownManager, '13')).status).toBe(200);
    expect((await apply(data.id, home)).status).toBe(200);
    expect(await sku(101)).toMatchObject({ stock: 44, buy_limit: 5 });
    expect(await ownRow(101)).toEqual({ price: 13 * minor, old_price: null });
    expect((await revert(data.id, home)).status).toBe(200);
    expect(await ownRow(101)).toEqual({ price: 13 * minor, old_price: null });
    expect((await setOwnPrice(ownManager, '')).status).toBe(200);
  });
});

describe('5,000 lines', () => {
  it('are checked and imported in one request each, within a Worker’s limits', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      product_slug: `bulk-product-${i}`,
      product_name_en: `Bulk Product ${i}`,
      product_name_ar: `منتج ${i}`,
      description_en: 'A product loaded from a supplier file, with a longer description. '.repeat(3),
      description_ar: 'منتج من ملف المورد مع وصف أطول. '.repeat(3),
      brand_slug: 'beta-nutrition',
      category_slug: 'herbs',
      shown: 'yes',
      sku_name_en: '60 capsules',
      sku_name_ar: '60 كبسولة',
      price_kwd: `${1 + (i % 20)}.250`,
      stock: String(i % 7),
    }));
    const data = await checked(file(rows));
    expect(data.problems).toEqual([]);
    expect(data.summary.products.create).toBe(5000);
    expect((await apply(data.id)).status).toBe(200);
    const n = await env.DB.prepare(
      "SELECT count(*) AS n, sum(in_stock) AS shown FROM products WHERE slug LIKE 'bulk-product-%'",
    ).first<any>();
    expect(n.n).toBe(5000);
    expect(n.shown).toBe(Math.floor(5000 * (6 / 7)));
    expect((await search('bulk product 4999')).map((p) => p.slug)).toContain('bulk-product-4999');
  }, 60_000);
});
