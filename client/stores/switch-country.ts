// Changing the shop's country in this browser: the session's country (every call's x-country), its
// cookie (the server's pages) and the calls cached in the other currency. The header's switch and a
// cart reminder's link (which brings its cart back in the cart's own country) both do it. Loaded on use.
import { createElement } from 'react';
import type { Location, NavigateFunction, useRevalidator } from 'react-router';
import type { Country } from '#shared/api/schemas';
import { knownCore } from '#shared/countries/known';
import { COOKIE_NAMES, type CountryCode, type CurrencyCode, type Lang } from '#shared/locale';
import { currencyInfoOf, currencyName } from '#shared/money';
import { browserTexts } from '../i18n/texts';
import { PricePending } from '../catalogue/PricePending';
import { setCookie } from '../lib/cookies';
import { pendingPrice } from '../lib/locale';
import type { SessionState } from './session';
import { toast } from './toasts';

/**
 * The texts a price's place says while the new country's prices are on their way (<PricePending>), into
 * the page's dictionary: a price is pending only after this switch, so they load with it, in the page's
 * language (one a document), and no page's first JavaScript carries them.
 */
function loadSwitchTexts(): Promise<void> {
  const lang: Lang = document.documentElement.lang === 'ar' ? 'ar' : 'en';
  return (lang === 'ar' ? import('#shared/i18n/country-switch.ar') : import('#shared/i18n/country-switch.en')).then(
    (m) => void Object.assign(browserTexts(lang), ...Object.values(m)),
  );
}

export async function switchCountry(session: SessionState, code: CountryCode): Promise<void> {
  // The page knew her old country's facts only (decision 77): the registry teaches money.ts every
  // country's (shared/countries/known.ts) before a price is shown in the new currency; the pending
  // prices' words are there before any price is pending.
  await Promise.all([import('#shared/countries'), loadSwitchTexts()]);
  pendingPrice[0] = createElement(PricePending, { key: 'pending' });
  session.country = code;
  setCookie(COOKIE_NAMES.country, code);
  try {
    for (const key of Object.keys(sessionStorage)) if (key.startsWith('api:')) sessionStorage.removeItem(key);
  } catch {
    // no storage: nothing cached
  }
}

/**
 * The header's switch: the country, then the page's data reloaded in it (resolves when the router has
 * them; the switch shows the new currency once React has drawn them, decision 77).
 */
export async function changeCountry(o: {
  session: SessionState;
  code: CountryCode;
  countries: Country[] | undefined;
  location: Location;
  navigate: NavigateFunction;
  revalidator: ReturnType<typeof useRevalidator>;
  lang: Lang;
}): Promise<void> {
  const { session, code, location, lang } = o;
  const from = o.countries?.find((c) => c.code === session.country);
  const to = o.countries?.find((c) => c.code === code);
  await switchCountry(session, code);
  const { currency } = knownCore(code);
  if (from && to && new URLSearchParams(location.search).has('price')) {
    // A price filter in the URL was typed in the old currency: carry it over, converted.
    const { pathname, search } = location;
    const { convertPriceParam, withCurrency } = await import('../lib/price-param');
    const price = convertPriceParam(search, currencyInfoOf(from), currencyInfoOf(to))!;
    const moved = o.navigate({ pathname, search: price.search ? `?${price.search}` : '' }, { replace: true });
    toast.info(price.range ? 'price_filter_converted' : 'country_changed', {
      currency: currencyName(currency, lang),
      range: price.range ? withCurrency(price.range, currency as CurrencyCode, lang, code) : '',
    });
    return moved;
  }
  const reloaded = o.revalidator.revalidate();
  toast.info('country_changed', { currency: currencyName(currency, lang) });
  return reloaded;
}
