// Which countries' prices a line of a catalogue file changes, and whether the member may (decision 77:
// a grant may be limited to one country; shared/catalogue/price-rights.ts). The check lists a line the
// member may not write as a problem, so nothing of the file is kept; importing and undoing ask again of
// the kept lines, since another member may press the button.
import { type CatalogueColumn, type ImportProblem, ownColumns } from '#shared/catalogue/import-format';
import { priceCountriesRefused } from '#shared/catalogue/price-rights';
import { basePricedCountries, type CountryCode, isCountryCode } from '#shared/countries';
import { countriesFor, type RoleGrant } from '#shared/staff/permissions';
import type { Action, SkuFields } from './plan';

interface PriceChange {
  /** The column that changes (the price, or the old price when only it does). */
  column: CatalogueColumn;
  /** The countries whose shoppers pay it. */
  countries: CountryCode[];
  base: boolean;
}

type Prices = { price: number; old_price: number | null } | null | undefined;
const differ = (a: Prices, b: Prices) => (a?.price ?? null) !== (b?.price ?? null);
const olderDiffer = (a: Prices, b: Prices) => (a?.old_price ?? null) !== (b?.old_price ?? null);

/**
 * What a size's line changes of the countries' prices: its base price (a new size sets one), and each
 * own-priced country's price or old price whose columns the file has and changes (a new size's empty
 * one, not sold there, changes nothing). Stock, names and buy limits are no country's.
 */
export function priceChanges(
  action: Action,
  before: Partial<SkuFields> | null | undefined,
  after: Partial<SkuFields> | null | undefined,
): PriceChange[] {
  if (action === 'keep' || !after) return [];
  const changes: PriceChange[] = [];
  const was = action === 'create' ? null : before;
  const base = { price: after.price ?? 0, old_price: after.old_price ?? null };
  const baseBefore = was ? { price: was.price ?? 0, old_price: was.old_price ?? null } : null;
  if (!baseBefore || differ(base, baseBefore) || olderDiffer(base, baseBefore))
    changes.push({
      column: !baseBefore || differ(base, baseBefore) ? 'price_kwd' : 'old_price_kwd',
      countries: basePricedCountries(),
      base: true,
    });
  for (const [country, prices] of Object.entries(after.own ?? {})) {
    if (!isCountryCode(country)) continue;
    const old = was?.own?.[country];
    if (!differ(prices, old) && !olderDiffer(prices, old)) continue;
    const columns = ownColumns(country);
    changes.push({
      column: differ(prices, old) ? columns.price : columns.old_price,
      countries: [country],
      base: false,
    });
  }
  return changes;
}

/** The line's problems for the prices it changes in countries the grants may not write. */
export function refusedPrices(grants: readonly RoleGrant[], line: number, changes: PriceChange[]): ImportProblem[] {
  return changes.flatMap((change) => {
    const refused = priceCountriesRefused(grants, change.countries);
    if (!refused.length) return [];
    return [
      {
        line,
        column: change.column,
        msg: change.base ? 'import_base_price_not_allowed' : 'import_country_price_not_allowed',
        params: { countries: refused.join(',') },
      },
    ];
  });
}

/**
 * The kept lines of a catalogue import (applied or undone: either way their prices move) that change
 * prices in countries the grants may not write, with those countries; at most 100. Nothing is read for
 * a member whose grant is for every country.
 */
export async function linesRefused(
  db: D1Database,
  importId: number,
  grants: readonly RoleGrant[],
): Promise<Array<{ line: number; countries: CountryCode[] }>> {
  if (countriesFor(grants, 'catalogue:write') === null) return [];
  const { results } = await db
    .prepare(
      `SELECT line, sku_action, before_json ->> '$.sku' AS before, after_json ->> '$.sku' AS after
       FROM catalogue_import_rows WHERE import_id = ? AND sku_action != 'keep' ORDER BY line`,
    )
    .bind(importId)
    .all<{ line: number; sku_action: Action; before: string | null; after: string | null }>();
  const refused: Array<{ line: number; countries: CountryCode[] }> = [];
  for (const row of results) {
    const parse = (text: string | null) => (text === null ? null : (JSON.parse(text) as Partial<SkuFields>));
    const changes = priceChanges(row.sku_action, parse(row.before), parse(row.after));
    const countries = [...new Set(changes.flatMap((c) => priceCountriesRefused(grants, c.countries)))];
    if (countries.length) refused.push({ line: row.line, countries });
    if (refused.length === 100) break;
  }
  return refused;
}
