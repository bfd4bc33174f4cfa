// The whole preparation of the tests in the blood-test cart for the review step: the cart keeps only
// each test's fasting hours, so the biotin pause, the morning draw and the other instructions come
// from the tests' pages (GET /bloodTest/:slug, cached like the catalogue's pages), in the page's language.
import { useContext } from 'react';
import useSWR from 'swr';
import type { BloodTestDetail } from '#shared/blood-tests/catalogue-types';
import { ApiContext } from '../providers';
import type { BookingLine } from './checkout-cart';
import type { Preparable } from './preparation';

export function usePreparation(lines: readonly BookingLine[]): Preparable[] {
  const api = useContext(ApiContext)!;
  const slugs = lines.flatMap((l) => (l.slug ? [l.slug] : []));
  const { data } = useSWR(slugs.length ? ['bt-preparation', ...slugs] : null, () =>
    Promise.all(slugs.map((s) => api.get<BloodTestDetail>(`/bloodTest/${encodeURIComponent(s)}`).then((r) => r.data))),
  );
  // Until they answer (or if one fails), what the cart knows: the fasting hours.
  return lines.map((l) => {
    const d = data?.find((t) => t.slug === l.slug);
    return d
      ? {
          fasting_hours: Math.max(l.fasting_hours, d.fasting_hours),
          stop_biotin_hours: d.stop_biotin_hours,
          morning_draw: d.morning_draw,
          preparation: d.preparation,
        }
      : l;
  });
}
