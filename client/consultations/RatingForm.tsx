// Her rating of a finished consultation: one to five stars and a few words, held and decided in the
// back office's review queue like a product review; once sent, its state is shown instead.
import { useContext, useState } from 'react';
import { useI18n } from '../i18n/context';
import { failureKey } from '../orders/pay-again';
import { ApiContext } from '../providers';
import { toast } from '../stores/toasts';
import { CONSULT_API } from './api-paths';
import type { ConsultationDetail } from '#shared/consultations/types';

export function RatingForm({ c, onChanged }: { c: ConsultationDetail; onChanged: () => unknown }) {
  const { t } = useI18n();
  const api = useContext(ApiContext)!;
  const [rating, setRating] = useState(0);
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  if (!c.rating && !c.can_rate) return null;
  if (c.rating) {
    return (
      <section className="form-card" aria-labelledby="consult-rating-title" data-testid="consult-rating">
        <h2 id="consult-rating-title">{t('consult_rating_title')}</h2>
        <p>{t('consult_rating_stars', { count: c.rating.rating })}</p>
        {c.rating.body && <p>{c.rating.body}</p>}
        <p className="muted">{t(`consult_rating_${c.rating.status as 'pending' | 'approved' | 'rejected'}`)}</p>
      </section>
    );
  }
  async function send() {
    if (rating < 1) return toast.error('consult_rating_required');
    setBusy(true);
    try {
      await api.post(CONSULT_API.rating(c.id), { rating, body: body.trim() });
      toast.success('consult_rating_sent');
      await onChanged();
    } catch (e) {
      toast.apiError(failureKey(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className="form-card" aria-labelledby="consult-rating-title" data-testid="consult-rating">
      <h2 id="consult-rating-title">{t('consult_rating_title')}</h2>
      <fieldset className="rating-stars">
        <legend>{t('consult_rating_your')}</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="choice">
            <input
              type="radio"
              name="consult-rating"
              value={n}
              checked={rating === n}
              onChange={() => setRating(n)}
              data-testid={`consult-rating-${n}`}
            />
            <span>{t('consult_rating_stars', { count: n })}</span>
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label className="field-label" htmlFor="consult-rating-body">
          {t('consult_rating_body')} <span className="field-optional">({t('form_optional')})</span>
        </label>
        <textarea
          id="consult-rating-body"
          rows={3}
          maxLength={2000}
          value={body}
          onChange={(e) => setBody(e.target.value)}
        />
      </div>
      <button
        type="button"
        className="button"
        disabled={busy}
        onClick={() => void send()}
        data-testid="consult-rating-send"
      >
        {t('consult_rating_send')}
      </button>
    </section>
  );
}
