// Country switch: a country changes the currency and every price at once. Works without JavaScript too
// (the form goes through the worker's /set-country redirect).
import { useContext, useLayoutEffect, useState } from 'react';
import {
  UNSAFE_DataRouterContext as DataRouterContext,
  UNSAFE_DataRouterDataContext as DataRouterDataContext,
  useLocation,
  useNavigate,
  useRevalidator,
} from 'react-router';
import useSWR from 'swr';
import { useSnapshot } from 'valtio';
import type { Country } from '#shared/api/schemas';
import { knownCore } from '#shared/countries/known';
import { COUNTRY_CODES, type CountryCode, type CurrencyCode, isCountryCode } from '#shared/locale';
import { currencyInfoOf, currencyName } from '#shared/money';
import { useI18n } from '../i18n/context';
import { useSessionStore } from '../stores/session';
import { switchCountry } from '../stores/switch-country';
import { toast } from '../stores/toasts';

export function CountrySwitch() {
  const { t, lang } = useI18n();
  const session = useSessionStore();
  const { country } = useSnapshot(session);
  const location = useLocation();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const { data: countries } = useSWR<{ items: Country[] }>('/country');
  const router = useContext(DataRouterContext)!.router;
  const committed = useContext(DataRouterDataContext)?.loaderData;
  // The country whose data the switch's reload brought (the router's state then: resolved, not yet drawn).
  const [reloaded, setReloaded] = useState<CountryCode | null>(null);
  // Prices show the new currency only with the new country's data on the page (decision 77): once React
  // has committed the router's state after the reload (the router's updates are transitions, a store's
  // are not, so the reload's promise alone could flip the currency above the old data), before the paint.
  useLayoutEffect(() => {
    const { revalidation, navigation, loaderData } = router.state;
    const idle = revalidation === 'idle' && navigation.state === 'idle';
    if (reloaded === session.country && committed === loaderData && idle) session.shown = reloaded;
  }, [reloaded, committed, router, session]);

  async function changeTo(code: CountryCode) {
    const from = countries?.items.find((c) => c.code === session.country);
    const to = countries?.items.find((c) => c.code === code);
    setReloaded(null);
    await switchCountry(session, code);
    const { currency } = knownCore(code);
    if (from && to && new URLSearchParams(location.search).has('price')) {
      // A price filter in the URL was typed in the old currency: carry it over, converted. The
      // converter loads only here, so the shell's JavaScript does not grow.
      const { pathname, search } = location;
      void import('../lib/price-param').then(({ convertPriceParam, withCurrency }) => {
        const price = convertPriceParam(search, currencyInfoOf(from), currencyInfoOf(to))!;
        void Promise.resolve(
          navigate({ pathname, search: price.search ? `?${price.search}` : '' }, { replace: true }),
        ).then(() => setReloaded(code));
        toast.info(price.range ? 'price_filter_converted' : 'country_changed', {
          currency: currencyName(currency, lang),
          range: price.range ? withCurrency(price.range, currency as CurrencyCode, lang, code) : '',
        });
      });
      return;
    }
    void revalidator.revalidate().then(() => setReloaded(code));
    toast.info('country_changed', { currency: currencyName(currency, lang) });
  }

  return (
    <form className="country-switch" method="get" action="/set-country">
      <input type="hidden" name="to" value={location.pathname + location.search} />
      <label className="visually-hidden" htmlFor="country-select">
        {t('country_label')}
      </label>
      <select
        id="country-select"
        name="code"
        value={country}
        data-testid="country-switch"
        onChange={(e) => {
          const code = e.target.value;
          if (isCountryCode(code) && code !== session.country) void changeTo(code);
        }}
      >
        {COUNTRY_CODES.map((code) => (
          <option key={code} value={code}>
            {t(`country_${code}`)}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit">{t('ok')}</button>
      </noscript>
    </form>
  );
}
