// The shopper's currency, worked out once for the whole tree: every price below reads it from context
// (useCurrency in ./locale.ts). Per price, a data hook and a store read were a listing's costliest part of
// its server render after React's own work.
import { createContext, useMemo, type ReactNode } from 'react';
import useSWR from 'swr';
import { useSnapshot } from 'valtio';
import type { Country } from '#shared/api/schemas';
import { currencyInfoFor, currencyInfoOf, RATE_SCALE, type CurrencyInfo } from '#shared/money';
import { useSessionStore } from '../stores/session';

/** Without a rate a converted price would be wrong: the base currency then. */
export const BASE_CURRENCY = currencyInfoFor('KW', RATE_SCALE);

export const CurrencyContext = createContext<CurrencyInfo | null>(null);

/** /country's row for the shopper's country: rates, VAT and settings; follows the country switch. */
export function useCountryRow(): Country | undefined {
  const { data } = useSWR<{ items: Country[] }>('/country');
  const { country } = useSnapshot(useSessionStore());
  return data?.items.find((c) => c.code === country);
}

export function CurrencyProvider({ children }: { children: ReactNode }) {
  const row = useCountryRow();
  const currency = useMemo(() => (row ? currencyInfoOf(row) : BASE_CURRENCY), [row]);
  return <CurrencyContext.Provider value={currency}>{children}</CurrencyContext.Provider>;
}
