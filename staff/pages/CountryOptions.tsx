// A country select's options, each country by its name in the staff member's language. Six forms of
// the back office offer countries (a nurse's, a blackout day's, points, a role's grant, an offer's, the
// orders filter); one component, so each names them the same way.
import type { CountryCode } from '#shared/locale';
import type { StaffTranslator } from '../lib/i18n';

export function CountryOptions({ t, countries }: { t: StaffTranslator; countries: readonly CountryCode[] }) {
  return (
    <>
      {countries.map((c) => (
        <option key={c} value={c}>
          {t.t(`st_country_${c}`)}
        </option>
      ))}
    </>
  );
}
