import { useSnapshot } from 'valtio';
import { DEFAULT_COUNTRY, localizePath, type CurrencyCode, type Lang } from '#shared/locale';
import {
  currencyInfoFor,
  currencyInfoOf,
  formatMinor,
  formatPrice,
  RATE_SCALE,
  type CurrencyInfo,
} from '#shared/money';
import { HOME_FREE_DELIVERY } from '#shared/country-amounts';
import { createContext, type ReactNode, useCallback, useContext } from 'react';
import useSWR from 'swr';
import type { Country } from '#shared/api/schemas';
import { BootContext } from '../providers';
import type { BootData } from '#shared/boot';
import type { MessageId, Params } from '#shared/i18n';
import { useI18n } from '../i18n/context';
import { useSessionStore } from '../stores/session';

function useLang(): Lang {
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

function useCountryRow(): Country | undefined {
  const { data } = useSWR<{ items: Country[] }>('/country');
  // The country of the prices on the page: a switch's new currency waits for its data (decision 77).
  const { shown } = useSnapshot(useSessionStore());
  return data?.items.find((c) => c.code === shown);
}

/**
 * True where a page's prices come with data of its own (the cart's lines, synced by the cart page) that
 * are not yet the shopper's country's: the router's reload alone does not bring them (decision 77).
 */
export const PricesPending = createContext(false);

/** While a country switch waits for the new country's data: no price is shown then (decision 77). */
export function usePricesPending(): boolean {
  const { country, shown } = useSnapshot(useSessionStore());
  return useContext(PricesPending) || country !== shown;
}

/** The currency of the prices on the page: the new country's once its data are here; rates and VAT from /country. */
export function useCurrency(): CurrencyInfo {
  const row = useCountryRow();
  // Without a rate a converted price would be wrong: fall back to the base currency.
  return row ? currencyInfoOf(row) : currencyInfoFor(DEFAULT_COUNTRY, RATE_SCALE);
}

/**
 * The free-delivery threshold the shopper's country's owner set (from /country), in minor units of its
 * currency as paid: the one figure the home note, banner, prompt and unlock modal show and compare the
 * cart's payable subtotal with (same currency, nothing converted; decision 52), and the unlock modal's
 * margin beside it.
 */
export function useFreeShipping(): { minor: number; unlockMargin: number; currency: CurrencyInfo } {
  const row = useCountryRow();
  const currency = useCurrency();
  // Without the row the currency falls back to Kuwait's: so do the amounts.
  const amounts = row ?? HOME_FREE_DELIVERY;
  return { minor: amounts.free_delivery_minor, unlockMargin: amounts.unlock_margin_minor, currency };
}

/**
 * What a price shows while pending: neither the old amount nor the new currency, but its place (a node
 * where a price is text). A price is pending only after a country switch, which puts the place's content
 * here (<PricePending>: a mark seen, words heard) with its texts before the country changes
 * (client/stores/switch-country.ts), as it brings the registry: no page's first JavaScript carries them.
 */
export const pendingPrice: ReactNode[] = [];

/**
 * Formats a base price (KWD fils) as the shopper pays it: their currency, VAT included; with `words`, the
 * sentence that holds it as {{amount}}. While pending, pendingPrice in place of either (a sentence of a
 * price that is not known yet says nothing more than the place does).
 */
export function usePrice(): (fils: number, words?: MessageId) => ReactNode {
  const info = useCurrency();
  const { t, lang } = useI18n();
  const pending = usePricesPending();
  return (fils, words) =>
    pending
      ? pendingPrice
      : words
        ? (t as (key: MessageId, params: Params) => string)(words, { amount: formatPrice(fils, info, lang) })
        : formatPrice(fils, info, lang);
}

/** Formats an amount the API gives in minor units of a currency (order totals, wallet). */
export function useMinor(): (minor: number, currency: string) => string {
  const lang = useLang();
  const { country } = useSnapshot(useSessionStore());
  return (minor, currency) => formatMinor(minor, currency as CurrencyCode, lang, country);
}
