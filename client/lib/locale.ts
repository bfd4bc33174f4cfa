import { useSnapshot } from 'valtio';
import { localizePath, type CurrencyCode, type Lang } from '#shared/locale';
import { formatMinor, formatPrice, payableMinor, type CurrencyInfo } from '#shared/money';
import { DEFAULT_FREE_SHIPPING_FILS } from '#shared/constants';
import { useCallback, useContext } from 'react';
import { BootContext } from '../providers';
import { BASE_CURRENCY, CurrencyContext, useCountryRow } from './currency';
import type { BootData } from '#shared/boot';
import { useI18n } from '../i18n/context';
import { useSessionStore } from '../stores/session';

export function useLang(): Lang {
  return useI18n().lang;
}

/** Turns an unprefixed app path into the current language's path. */
export function useHref(): (path: string) => string {
  const lang = useLang();
  // One function per language, so effects can depend on it without re-running on every render.
  return useCallback((path: string) => localizePath(path, lang), [lang]);
}

export function useBoot(): BootData {
  const boot = useContext(BootContext);
  if (!boot) throw new Error('useBoot outside AppProviders');
  return boot;
}

/**
 * The shopper's currency: follows the country switch at once, rates and VAT from /country. AppProviders
 * works it out once for the tree (./currency.tsx); outside them (a component's own test), the base one.
 */
export function useCurrency(): CurrencyInfo {
  return useContext(CurrencyContext) ?? BASE_CURRENCY;
}

/**
 * The free-delivery threshold of the shopper's country (its setting, from /country), in minor units
 * of what the shopper pays: the one figure the home note, banner, prompt and unlock modal show and
 * compare the cart's payable subtotal with, so the amounts they show add up.
 */
export function useFreeShipping(): { minor: number; currency: CurrencyInfo } {
  const row = useCountryRow();
  const currency = useCurrency();
  return { minor: payableMinor(row?.free_shipping_fils ?? DEFAULT_FREE_SHIPPING_FILS, currency), currency };
}

/** Formats a base price (KWD fils) as the shopper pays it: their currency, VAT included. */
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
