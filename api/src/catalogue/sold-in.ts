// "Is it sold in this country?" asked in one place (issue 77, a cart between countries): the carts'
// syncs (POST /product/sku, POST /bloodTest/sku) drop what the shopper's country does not sell and say
// so, rather than keeping a line she cannot buy there. Each answer is an SQL expression over the row's
// aliases and the country's bound parameter, so it runs inside the sync's own statement (no round trip).
//
// Products: a converted country (its price the SKU's, by the country's rate) sells every active SKU; an
// own-priced one (decision 77's amendment "a country's own prices") only those the owner priced there
// (db/country-prices.ts); every caller routes through here and reports `not_sold` from it. Blood tests
// (and consultation packages) are sold where the owner set a price for the country (`blood_test_prices`,
// decision 25).

import { soldInRowCountrySql } from '../db/country-prices';

/** A product SKU (alias `sku`) is sold in the country bound at `country`. */
export function productSoldIn(sku: string, country: string): string {
  return soldInRowCountrySql(sku, country);
}

/** A blood-test SKU (alias `sku`) is sold in the country bound at `country`: the owner priced it there. */
export function bloodTestSoldIn(sku: string, country: string): string {
  return `EXISTS (SELECT 1 FROM blood_test_prices sold WHERE sold.sku_id = ${sku}.id AND sold.country = ${country})`;
}
