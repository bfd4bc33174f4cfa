import { useSnapshot } from 'valtio';
import { localizePath, type CurrencyCode, type Lang } from '../../shared/locale';
import { currencyInfoFor, formatMinor, formatPrice, parseRate, RATE_SCALE, type CurrencyInfo } from '../../shared/money';
import { useContext } from 'react';
import useSWR from 'swr';
import type { Country } from '../../shared/api/schemas';
import { BootContext } from '../providers';
import type { BootData } from '../boot';
import { useI18n } from '../i18n/context';
import { useSessionStore } from '../stores/session';

export function useLang(): Lang {
  return useI18n().lang;
}

/** Turns an unprefixed app path into the current language's path. */
export function useHref(): (path: string) => string {
  const lang = useLang();
  return (path) => localizePath(path, lang);
}

export function useBoot(): BootData {
  const boot = useContext(BootContext);
  if (!boot) throw new Error('useBoot outside AppProviders');
  return boot;
}

/** The shopper's currency: follows the country switch at once, rates from /country. */
export function useCurrency(): CurrencyInfo {
  const { data } = useSWR<{ items: Country[] }>('/country');
  const { country } = useSnapshot(useSessionStore());
  const row = data?.items.find((c) => c.code === country);
  // Without a rate a converted price would be wrong: fall back to the base currency.
  return row ? currencyInfoFor(country, parseRate(row.exchange_rate)) : currencyInfoFor('KW', RATE_SCALE);
}

/** Formats a base price (KWD fils) in the shopper's currency and language. */
export function usePrice(): (fils: number) => string {
  const info = useCurrency();
  const lang = useLang();
  return (fils) => formatPrice(fils, info, lang);
}


/** Formats an amount the API gives in minor units of a currency (order totals, wallet). */
export function useMinor(): (minor: number, currency: string) => string {
  const lang = useLang();
  const { country } = useSnapshot(useSessionStore());
  return (minor, currency) => formatMinor(minor, currency as CurrencyCode, lang, country);
}
