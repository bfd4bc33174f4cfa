// "Is it sold in this country?" asked in one place per kind (issue 77, a cart between countries): the
// carts' syncs (POST /product/sku, POST /bloodTest/sku) drop what the shopper's country does not sell
// and say so, rather than keeping a line she cannot buy there. Each answer is an SQL expression over the
// row's aliases and the country's bound parameter, so it runs inside the sync's own statement.
//
// Products: a SKU's price and whether it is sold come from the one resolution of a country's prices,
// `skuPriceColumns` in api/src/db/country-prices.ts (decision 77, "a country's own prices": a converted
// country sells every active product, an own-priced one what the owner priced there). Blood tests (and
// consultation packages) are sold where the owner set a price for the country (`blood_test_prices`,
// decision 25).

/** A blood-test SKU (alias `sku`) is sold in the country bound at `country`: the owner priced it there. */
export function bloodTestSoldIn(sku: string, country: string): string {
  return `EXISTS (SELECT 1 FROM blood_test_prices sold WHERE sold.sku_id = ${sku}.id AND sold.country = ${country})`;
}
