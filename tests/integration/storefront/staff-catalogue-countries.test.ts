// A catalogue role limited to some countries, as the back office shows it: the KWD price (what the home
// country and every converted one pay) read-only with why, no new product or size, an own-priced
// country's price form only where the role reaches; a catalogue file's lines changing prices elsewhere
// listed with the countries by name, and an import pressed by such a role refused with its lines.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { ownColumns } from '#shared/catalogue/import-format';
import { basePricedCountries, HOME_COUNTRY, ownPricedCountries } from '#shared/countries';
import { csvCell, parseCsv } from '#shared/text/csv';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { staffPage, staffPost, staffSignIn } from './staff-session';

// From the registry: Kuwait (home) and Saudi Arabia (converted) pay the KWD price; the Emirates' is its own.
const own = ownPricedCountries()[0]!;
let manager: string;
let home: string;
let ownOnly: string;

beforeAll(async () => {
  await loadCatalogueFixture(env.API_DB);
  manager = (await staffSignIn([{ role: 'catalogue_manager', country: null }])).cookie;
  home = (await staffSignIn([{ role: 'catalogue_manager', country: HOME_COUNTRY }])).cookie;
  ownOnly = (await staffSignIn([{ role: 'catalogue_manager', country: own }])).cookie;
});

const text = async (path: string, cookie: string) => {
  const res = await staffPage(path, cookie);
  expect(res.status).toBe(200);
  return res.text();
};

/** The export with the own-priced country's price of size 101 changed, as a file the import form takes. */
async function fileChangingOwnPrice(price: string) {
  const [header, ...lines] = parseCsv(await text('/catalogue/export.csv', manager));
  const names = header!.cells;
  const csv = [
    names.join(','),
    ...lines.map((l) => {
      const cells = [...l.cells];
      if (cells[names.indexOf('sku_id')] === '101') cells[names.indexOf(ownColumns(own).price)] = price;
      return cells.map((c) => csvCell(c)).join(',');
    }),
  ].join('\n');
  const form = new FormData();
  form.set('kind', 'catalogue');
  form.set('file', new File([csv], 'catalogue.csv', { type: 'text/csv' }));
  return form;
}

describe('a role limited to some countries, in the back office', () => {
  it('sees the KWD price read-only with why, no new size or product, and its own country’s price form only', async () => {
    expect(basePricedCountries()).toEqual(['KW', 'SA']);
    const page = await text('/catalogue/products/1', ownOnly);
    const input = (html: string, id: string) => html.match(new RegExp(`<input[^>]*id="${id}"[^>]*>`))![0];
    expect(input(page, 'sku-101-price')).toMatch(/readonly/i);
    expect(input(page, 'sku-101-old_price')).toMatch(/readonly/i);
    expect(input(page, 'sku-101-buy_limit')).not.toMatch(/readonly/i);
    expect(page).toContain('The KWD price is what Kuwait and Saudi Arabia pay. Your role may not change prices in');
    expect(page).not.toContain('action="/catalogue/products/1/skus"');
    expect(page).toContain(`name="country" value="${own}"`);
    expect(await text('/catalogue', ownOnly)).not.toContain('href="/catalogue/products/new"');
    expect((await staffPage('/catalogue/products/new', ownOnly)).status).toBe(403);

    const homePage = await text('/catalogue/products/1', home);
    expect(homePage).toContain('Your role may not change prices in Saudi Arabia');
    expect(homePage).not.toContain(`name="country" value="${own}"`);
    // A role over every country: the price to change, the forms to add.
    const full = await text('/catalogue/products/1', manager);
    expect(input(full, 'sku-101-price')).not.toMatch(/readonly/i);
    expect(full).not.toContain('Your role may not change prices');
    expect(full).toContain('action="/catalogue/products/1/skus"');
    expect(full).toContain(`name="country" value="${own}"`);
  });

  it('lists a file’s price of another country as the line’s problem, the country by name', async () => {
    const res = await staffPost('/catalogue/import', await fileChangingOwnPrice('15.50'), home);
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toContain('Your role may not change prices in Emirates.');
    expect(page).toContain('nothing was imported');
    // The import page says beforehand which prices the role changes.
    expect(await text('/catalogue/import', home)).toContain('Your role changes prices only in Kuwait');
  });

  it('refuses an import pressed by such a role, naming the lines and their countries', async () => {
    const checked = await staffPost('/catalogue/import', await fileChangingOwnPrice('16'), manager);
    expect(checked.status).toBe(303);
    const detail = checked.headers.get('location')!.replace(/\?.*$/, '');
    const refused = await staffPost(`${detail}/apply`, {}, home);
    expect(refused.status).toBe(403);
    const page = await refused.text();
    expect(page).toContain('You may not import or undo this file');
    expect(page).toMatch(/Line \d+: prices in Emirates/);
    const prices = await env.API_DB.prepare('SELECT count(*) AS n FROM sku_country_prices').first<{ n: number }>();
    expect(prices!.n).toBe(0);
  });
});
