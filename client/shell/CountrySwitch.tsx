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
import { COUNTRY_CODES, type CountryCode, isCountryCode } from '#shared/locale';
import { useI18n } from '../i18n/context';
import { useSessionStore } from '../stores/session';

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
          if (!isCountryCode(code) || code === session.country) return;
          setReloaded(null);
          // The switch's code loads on use, so the shell's JavaScript does not grow.
          void import('../stores/switch-country').then((m) =>
            m
              .changeCountry({ session, code, countries: countries?.items, location, navigate, revalidator, lang })
              .then(() => setReloaded(code)),
          );
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
