// What shoppers said of a nutritionist's consultations (the ratings the review queue approved): the
// average in stars with how many, and the latest few, each in the language it was written in.
import { useSnapshot } from 'valtio';
import { formatDate } from '#shared/text/dates';
import { Stars } from '../catalogue/Stars';
import { useI18n } from '../i18n/context';
import { useSessionStore } from '../stores/session';
import type { ConsultationRatings } from '#shared/consultations/types';

export function NutritionistRatings({ ratings }: { ratings: ConsultationRatings | undefined }) {
  const { t, lang } = useI18n();
  const { country } = useSnapshot(useSessionStore());
  if (!ratings || ratings.count === 0 || ratings.average === null) return null;
  const average = ratings.average;
  return (
    <section className="home-section" aria-labelledby="offer-ratings-title" data-testid="offer-ratings">
      <h2 id="offer-ratings-title" className="section-title">
        {t('consult_ratings_title')}
      </h2>
      <p className="product-card-rating">
        <Stars value={average} label={t('card_rating_label', { count: ratings.count, average })} />
        <span aria-hidden="true">{t('consult_ratings_count', { count: ratings.count })}</span>
      </p>
      <ul className="consult-list">
        {ratings.latest.map((r) => (
          <li key={r.at} className="consult-item" lang={r.lang} dir={r.lang === 'ar' ? 'rtl' : 'ltr'}>
            <Stars value={r.rating} label={t('consult_rating_stars', { count: r.rating })} />
            {r.body && <p>{r.body}</p>}
            <p className="muted">{formatDate(Date.parse(r.at), lang, country)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
