// Writing or editing the shopper's own review: stars, an optional title, the text, its language and up to
// three photos. One schema with the API's (shared/reviews/schemas.ts); the photos travel as base64 and
// the API re-encodes them.
import { useContext, useRef, useState } from 'react';
import { REVIEW_LIMITS } from '#shared/reviews/rules';
import type { OwnReview } from '#shared/reviews/types';
import { useI18n } from '../i18n/context';
import { ApiContext } from '../providers';
import { toast } from '../stores/toasts';
import { useForm } from '../ui/form';
import { Field, FormAlerts } from '../ui/form-fields';

function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

export function ReviewForm({
  productId,
  productName,
  own,
  onDone,
  onCancel,
}: {
  productId: number;
  productName: string;
  own: OwnReview['review'];
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t, lang } = useI18n();
  const api = useContext(ApiContext)!;
  const files = useRef<HTMLInputElement>(null);
  const [keep, setKeep] = useState<number[]>(() => own?.photos.map((_, i) => i) ?? []);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const endpoint = `/product/${productId}/reviews`;
  function checkPhotos(kept = keep) {
    const chosen = Array.from(files.current?.files ?? []);
    setPhotoError(
      chosen.length + kept.length > REVIEW_LIMITS.photosMax
        ? 'review_photos_too_many'
        : chosen.some((f) => f.size > REVIEW_LIMITS.photoMaxBytes)
          ? 'review_photo_too_large'
          : null,
    );
  }
  const form = useForm({
    id: 'review',
    schema: () => import('#shared/reviews/schemas').then((m) => m.reviewInputSchema),
    initial: {
      rating: own ? String(own.rating) : '',
      title: own?.title ?? '',
      body: own?.body ?? '',
      lang: own?.lang ?? lang,
    },
    fields: {
      rating: { label: 'rv_form_rating' },
      title: { label: 'rv_form_title' },
      body: { label: 'rv_form_body' },
      lang: { label: 'rv_form_lang' },
    },
    endpoint,
    lengths: {
      body: { min: REVIEW_LIMITS.bodyMin, max: REVIEW_LIMITS.bodyMax },
      title: { min: 0, max: REVIEW_LIMITS.titleMax },
    },
    send: async (data) => {
      // Too many or too large were refused when chosen (checkPhotos); the API checks them again.
      const photos = await Promise.all(Array.from(files.current?.files ?? []).map(base64Of));
      const answer = await api.post<OwnReview>(endpoint, { ...data, photos, keep_photos: keep });
      return answer;
    },
    onSuccess: (answer) => {
      const msg = (answer as { meta?: { msg?: string } } | undefined)?.meta?.msg;
      toast.success(msg === 'review_shown' ? 'review_shown' : 'review_waiting');
      onDone();
    },
  });
  return (
    <form
      ref={form.formRef}
      className="rv-form"
      id="write-review"
      method="post"
      noValidate
      onSubmit={form.submit}
      aria-busy={form.sending || undefined}
      aria-labelledby="rv-form-title"
      data-testid="review-form"
    >
      <h3 id="rv-form-title">{t('rv_form_title_heading', { product: productName })}</h3>
      <FormAlerts form={form} />
      <fieldset className="rv-rating-choice" aria-describedby={form.errors.rating ? 'review-rating-error' : undefined}>
        <legend>{t('rv_form_rating')}</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n}>
            <input
              type="radio"
              name="rating"
              id={n === 1 ? 'review-rating' : undefined}
              value={n}
              checked={form.values.rating === String(n)}
              onChange={() => form.set('rating', String(n))}
              aria-label={t('rv_star_n', { count: n })}
            />
            <span aria-hidden="true">{n}★</span>
          </label>
        ))}
      </fieldset>
      {form.errors.rating && (
        <p className="field-error" id="review-rating-error">
          {form.errors.rating}
        </p>
      )}
      <Field form={form} name="title">
        {(p) => <input type="text" {...p} maxLength={REVIEW_LIMITS.titleMax} dir="auto" />}
      </Field>
      <Field form={form} name="body" required hint={t('rv_form_body_hint')}>
        {(p) => <textarea {...p} rows={6} maxLength={REVIEW_LIMITS.bodyMax} dir="auto" />}
      </Field>
      <Field form={form} name="lang" required>
        {(p) => (
          <select {...p}>
            <option value="en">{t('rv_lang_en')}</option>
            <option value="ar">{t('rv_lang_ar')}</option>
          </select>
        )}
      </Field>
      {own && own.photos.length > 0 && (
        <fieldset>
          <legend>{t('rv_form_photos')}</legend>
          {own.photos.map((photo, i) => (
            <label key={photo.url} className="choice">
              <input
                type="checkbox"
                checked={keep.includes(i)}
                onChange={(e) => {
                  const next = e.target.checked ? [...keep, i] : keep.filter((x) => x !== i);
                  setKeep(next);
                  checkPhotos(next);
                }}
              />
              <img src={photo.url} alt={t('rv_photo_alt_own', { n: i + 1 })} width={48} height={48} />
              <span>{t('rv_form_keep_photo', { n: i + 1 })}</span>
            </label>
          ))}
        </fieldset>
      )}
      <div className="field">
        <label className="field-label" htmlFor="review-photos">
          {t('rv_form_photos')}
        </label>
        <p className="field-hint" id="review-photos-hint">
          {t('rv_form_photos_hint')}
        </p>
        <input
          ref={files}
          id="review-photos"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          aria-describedby={photoError ? 'review-photos-hint review-photos-error' : 'review-photos-hint'}
          aria-invalid={photoError ? true : undefined}
          onChange={() => checkPhotos()}
        />
        {photoError && (
          <p className="field-error" id="review-photos-error" role="alert">
            {t(photoError as 'review_photos_too_many')}
          </p>
        )}
      </div>
      <div className="rv-actions">
        <button type="submit" className="button" disabled={!form.ready || !!photoError}>
          {t(form.sending ? 'rv_form_sending' : 'rv_form_send')}
        </button>
        <button type="button" className="link-button" onClick={onCancel}>
          {t('rv_cancel')}
        </button>
      </div>
    </form>
  );
}
