// Who may change which country's prices (decision 77: a grant may be limited to one country). A
// permission asked without a country passes any grant, a one-country one too, so every price change
// names its countries: an own-priced country's price needs catalogue:write there; the base price (KWD)
// is what the home country and every converted country pay, so it needs catalogue:write in each of
// them (a new size sets one). The API refuses by these (SKU form, new products and sizes, the
// catalogue file) and the back office offers only what they allow.
import { basePricedCountries, type CountryCode } from '../countries';
import { can, type RoleGrant } from '../staff/permissions';

/** The countries among `countries` whose prices the grants may not change (empty: every one). */
export const priceCountriesRefused = (grants: readonly RoleGrant[], countries: readonly CountryCode[]): CountryCode[] =>
  countries.filter((c) => !can(grants, 'catalogue:write', c));

/** The countries that keep the grants from changing a base price or adding a size (empty: none). */
export const basePriceRefused = (grants: readonly RoleGrant[]): CountryCode[] =>
  priceCountriesRefused(grants, basePricedCountries());
