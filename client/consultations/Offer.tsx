// What a shopper chooses a nutritionist by, on the list and the nutritionist's page: gender, languages,
// qualifications, the services with their minutes and price in her country, and the next free times as
// buttons straight into the booking (the time chosen there for her).
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import type { MessageId } from '#shared/i18n';
import { useI18n } from '../i18n/context';
import { useMinor } from '../lib/locale';
import { useSessionStore } from '../stores/session';
import { consultPaths } from './paths';
import { startText } from './times';
import type { ConsultationOffer, ServiceOffer } from './types';

/** The languages the filter offers and the pages name (ISO 639-1). */
export const OFFER_LANGUAGES = ['ar', 'en', 'fr', 'hi', 'ur'] as const;

export function languageName(t: (key: MessageId) => string, code: string): string {
  return (OFFER_LANGUAGES as readonly string[]).includes(code)
    ? t(`consult_lang_${code as (typeof OFFER_LANGUAGES)[number]}`)
    : code.toUpperCase();
}

export function OfferFacts({ offer }: { offer: ConsultationOffer }) {
  const { t } = useI18n();
  return (
    <dl className="offer-facts">
      <div>
        <dt>{t('consult_gender')}</dt>
        <dd data-testid="offer-gender">
          {t(offer.gender === 'female' ? 'consult_gender_female' : 'consult_gender_male')}
        </dd>
      </div>
      <div>
        <dt>{t('consult_languages')}</dt>
        <dd data-testid="offer-languages">
          {offer.languages.map((l) => languageName(t, l)).join(t('consult_list_separator'))}
        </dd>
      </div>
      {offer.qualifications && (
        <div>
          <dt>{t('consult_qualifications')}</dt>
          <dd>{offer.qualifications}</dd>
        </div>
      )}
    </dl>
  );
}

/** "20 min · 8.000 KWD". */
export function ServiceLine({ service }: { service: ServiceOffer }) {
  const { t } = useI18n();
  const minor = useMinor();
  return (
    <span className="cart-line-meta">
      {t('consult_minutes', { count: service.minutes })} · <bdi>{minor(service.price, service.currency)}</bdi>
    </span>
  );
}

export function ServiceList({
  nutritionistId,
  services,
}: {
  nutritionistId: number;
  services: readonly ServiceOffer[];
}) {
  const { t, lang } = useI18n();
  if (services.length === 0) return <p data-testid="offer-no-services">{t('consult_no_services')}</p>;
  return (
    <ul className="offer-services">
      {services.map((s) => (
        <li key={s.id} className="offer-service" data-testid="offer-service">
          <div>
            <strong>{s.name}</strong>
            <ServiceLine service={s} />
            {s.description && <p className="muted">{s.description}</p>}
          </div>
          <Link className="button button-secondary" to={consultPaths.book(lang, nutritionistId, { service: s.id })}>
            {t('consult_book_service', { name: s.name })}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The next free times of the first service: each a link into the booking with that time picked. */
export function NextTimes({
  nutritionistId,
  offer,
  limit = 3,
}: {
  nutritionistId: number;
  offer: ConsultationOffer;
  limit?: number;
}) {
  const { t, lang } = useI18n();
  const { country } = useSnapshot(useSessionStore());
  const service = offer.services[0];
  if (!service) return null;
  if (offer.next_free.length === 0) return <p className="muted">{t('consult_no_free_times')}</p>;
  return (
    <div className="offer-next">
      <p className="offer-next-title">{t('consult_next_free')}</p>
      <ul className="offer-times">
        {offer.next_free.slice(0, limit).map((at) => (
          <li key={at}>
            <Link
              className="time-button"
              to={consultPaths.book(lang, nutritionistId, { service: service.id, at })}
              data-testid="offer-next-time"
            >
              {startText(at, lang, country)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
