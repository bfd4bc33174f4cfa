// A first visit from a place the shop does not serve (issue 77): the page is the home country's, and
// the footer says so and offers the served countries, each a plain link to the worker's /set-country
// (no JavaScript needed). Its words come in the page's boot data only for such a visit, so no page's
// JavaScript carries them; it goes once she chooses (here, or with the header's switch).
import { useLocation } from 'react-router';
import { COUNTRY_CODES } from '#shared/locale';
import { useI18n } from '../i18n/context';
import { useBoot } from '../lib/locale';

export function UnservedChoice({ chosen }: { chosen: boolean }) {
  const { t } = useI18n();
  const { unserved } = useBoot();
  const location = useLocation();
  if (!unserved || chosen) return null;
  const back = encodeURIComponent(location.pathname + location.search);
  return (
    <section className="container unserved-choice" aria-labelledby="unserved-title" data-testid="unserved-choice">
      <h2 id="unserved-title" className="footer-title">
        {unserved.title}
      </h2>
      <p>{unserved.choose}</p>
      <ul>
        {COUNTRY_CODES.map((code) => (
          <li key={code}>
            <a href={`/set-country?code=${code}&to=${back}`} data-country={code}>
              {t(`country_${code}`)}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
