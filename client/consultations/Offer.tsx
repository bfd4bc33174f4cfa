// What a shopper chooses a nutritionist by, on the list and the nutritionist's page: gender, languages,
// qualifications, the services with their minutes and price in her country, and the next free time as
// a button straight into the booking (the time chosen there for her).
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { CONSULTATION_LANGUAGES } from '#shared/consultations/facts';
import type { ConsultationService, NutritionistBooking } from '#shared/consultations/types';
import { useI18n } from '../i18n/context';
import { useMinor } from '../lib/locale';
import { useSessionStore } from '../stores/session';
import { consultPaths } from './paths';
import { ms, startText } from './times';

export function languageName(t: ReturnType<typeof useI18n>['t'], code: string): string {
  return (CONSULTATION_LANGUAGES as readonly string[]).includes(code)
    ? t(`consult_lang_${code as (typeof CONSULTATION_LANGUAGES)[number]}`)
    : code.toUpperCase();
}

export function OfferFacts({ offer }: { offer: NutritionistBooking }) {
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

/** "20 minutes · 8.000 KWD". */
export function ServiceLine({ service }: { service: ConsultationService }) {
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
  followUp,
}: {
  nutritionistId: number;
  services: readonly ConsultationService[];
  followUp?: number;
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
          <Link
            className="button button-secondary"
            to={consultPaths.book(lang, nutritionistId, { service: s.id, ...(followUp ? { followUp } : {}) })}
            aria-label={t('consult_book_service', { name: s.name })}
            data-testid="offer-book"
          >
            {t('consult_book')}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The next free time: a link into the booking of the first service with that time picked. */
export function NextFree({ nutritionistId, offer }: { nutritionistId: number; offer: NutritionistBooking }) {
  const { t, lang } = useI18n();
  const { country } = useSnapshot(useSessionStore());
  const service = offer.services[0];
  // No service priced in her country: not offered there, rather than a pause in bookings.
  if (offer.services.length === 0) return <p className="muted">{t('consult_no_services')}</p>;
  if (!offer.bookable || !service) return <p className="muted">{t('consult_not_bookable')}</p>;
  if (!offer.next_free_at) return <p className="muted">{t('consult_no_free_times')}</p>;
  const at = ms(offer.next_free_at);
  return (
    <p className="offer-next">
      <span className="offer-next-title">{t('consult_next_free', { country: t(`country_${country}`) })}</span>{' '}
      <Link
        className="time-button"
        to={consultPaths.book(lang, nutritionistId, { service: service.id, at })}
        data-testid="offer-next-time"
      >
        {startText(at, lang, country)}
      </Link>
    </p>
  );
}
