// "Return items" (issue 62), loaded when she opens it: which lines and how many (up to what is left),
// why, the unopened confirmation for a change of mind, photos for damage (each uploaded as she picks
// it, as its raw bytes), and a note. The server checks every rule again; its refusal is shown above the
// form (its alert takes the focus) and on the field it concerns (aria-invalid, its error described). In the
// shop's own form styles (.field, .checkbox); the focus goes to its heading when it opens (issue 73).
import { useContext, useEffect, useId, useRef, useState } from 'react';
import { RETURN_PHOTOS_MAX, RETURN_REASONS, type ReturnReason } from '#shared/orders/returns';
import type { OrderView, ReturnPhotoAnswer } from '#shared/orders/types';
import { useSnapshot } from 'valtio';
import { useI18n } from '../i18n/context';
import { ApiContext } from '../providers';
import { useSessionStore } from '../stores/session';
import { failureKey, uploadFile } from '../blood-tests/upload-api';

/** Which field a refusal of the API is about: its error shows there too. */
const FIELD_OF: Record<string, 'items' | 'reason' | 'unopened' | 'photos'> = {
  return_too_many: 'items',
  return_item_unknown: 'items',
  return_items_required: 'items',
  return_reason_required: 'reason',
  return_unopened_required: 'unopened',
  return_photo_required: 'photos',
  return_photo_type: 'photos',
  return_photos_too_many: 'photos',
};

export default function ReturnForm({
  order,
  onClose,
  onDone,
}: {
  order: OrderView;
  onClose: () => void;
  onDone: () => unknown;
}) {
  const { t, tKey, lang } = useI18n();
  const api = useContext(ApiContext)!;
  const { country } = useSnapshot(useSessionStore());
  const id = useId();
  const left = order.returns?.left ?? [];
  const [counts, setCounts] = useState<Record<number, number>>({});
  const [reason, setReason] = useState<ReturnReason | null>(null);
  const [unopened, setUnopened] = useState(false);
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  // The API's refusal: its text in the alert, and the field it is about.
  const [failure, setFailure] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const alert = useRef<HTMLDivElement>(null);
  const chosen = Object.values(counts).reduce((n, c) => n + c, 0);
  const nameOf = (sku: number) => {
    const item = order.items.find((i) => i.sku_id === sku);
    return item ? `${item.name} – ${item.sku_name}` : String(sku);
  };
  const errorOn = (field: (typeof FIELD_OF)[string]) => (failure && FIELD_OF[failure] === field ? failure : null);
  const errorId = (field: string) => `${id}-${field}-error`;

  // Opened: her screen reader starts at the form's heading, not at the top of the page.
  useEffect(() => heading.current?.focus(), []);
  // Refused: the alert takes the focus, so it is read out and the next Tab reaches the field.
  useEffect(() => {
    if (failure) alert.current?.focus();
  }, [failure]);

  async function addPhotos(files: FileList | null) {
    if (!files) return;
    setBusy(true);
    try {
      for (const file of [...files].slice(0, RETURN_PHOTOS_MAX - photos.length)) {
        const up = (await uploadFile(
          file,
          { lang, country, signedIn: true },
          undefined,
          '/api/user/returns/photo',
        )) as ReturnPhotoAnswer;
        setPhotos((p) => [...p, up.id]);
      }
      setFailure(null);
    } catch (e) {
      setFailure(failureKey(e));
    } finally {
      setBusy(false);
    }
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      await api.post(`/user/order/${order.id}/return`, {
        items: Object.entries(counts)
          .filter(([, c]) => c > 0)
          .map(([sku, count]) => ({ sku_id: Number(sku), count })),
        reason,
        ...(reason === 'changed_mind' ? { unopened } : {}),
        ...(reason === 'damaged' ? { photos } : {}),
        ...(note.trim() ? { note: note.trim() } : {}),
      });
      await onDone();
    } catch (e) {
      setFailure(failureKey(e));
    } finally {
      setBusy(false);
    }
  }

  const fieldError = (field: (typeof FIELD_OF)[string]) => {
    const key = errorOn(field);
    return key ? (
      <p className="field-error" id={errorId(field)}>
        {tKey(key)}
      </p>
    ) : null;
  };

  return (
    <form className="return-form" onSubmit={(e) => void submit(e)} data-testid="return-form" noValidate>
      <h3 tabIndex={-1} ref={heading}>
        {t('return_title')}
      </h3>
      {failure && (
        <div className="form-alert" role="alert" tabIndex={-1} ref={alert} data-testid="return-error">
          <p>{tKey(failure)}</p>
        </div>
      )}
      <fieldset
        className="field"
        aria-invalid={errorOn('items') ? true : undefined}
        aria-describedby={errorOn('items') ? errorId('items') : undefined}
      >
        <legend className="field-label">{t('return_choose_items')}</legend>
        {fieldError('items')}
        {left.map((l) => (
          <div key={l.sku_id} className="return-line">
            <label htmlFor={`${id}-count-${l.sku_id}`}>
              <span className="return-line-name">{nameOf(l.sku_id)}</span>
              <span className="field-hint">{t('return_count_of', { count: l.count })}</span>
            </label>
            <select
              id={`${id}-count-${l.sku_id}`}
              value={counts[l.sku_id] ?? 0}
              onChange={(e) => setCounts((c) => ({ ...c, [l.sku_id]: Number(e.target.value) }))}
            >
              {Array.from({ length: l.count + 1 }, (_, n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
        ))}
        <p className="field-hint" aria-live="polite">
          {t('return_items_chosen', { count: chosen })}
        </p>
      </fieldset>
      <fieldset
        className="field"
        aria-invalid={errorOn('reason') ? true : undefined}
        aria-describedby={errorOn('reason') ? errorId('reason') : undefined}
      >
        <legend className="field-label">{t('return_reason')}</legend>
        {fieldError('reason')}
        {RETURN_REASONS.map((r) => (
          <label key={r} className="checkbox">
            <input
              type="radio"
              name={`${id}-reason`}
              value={r}
              checked={reason === r}
              onChange={() => {
                setReason(r);
                // Another reason: a refusal about the photos or the seal no longer applies.
                setFailure(null);
              }}
            />
            <span>{t(`return_reason_${r}`)}</span>
          </label>
        ))}
      </fieldset>
      {reason === 'changed_mind' && (
        <div className="field">
          {fieldError('unopened')}
          <label className="checkbox">
            <input
              type="checkbox"
              checked={unopened}
              aria-invalid={errorOn('unopened') ? true : undefined}
              aria-describedby={errorOn('unopened') ? errorId('unopened') : undefined}
              onChange={(e) => setUnopened(e.target.checked)}
            />
            <span>{t('return_unopened')}</span>
          </label>
        </div>
      )}
      {reason === 'damaged' && (
        // A field of the shop's forms (label above, hint and error tied to the input), as the redelivery form's are.
        <div className={errorOn('photos') ? 'field has-error' : 'field'}>
          <label className="field-label" htmlFor={`${id}-photos`}>
            {t('return_photos')}
          </label>
          <p id={`${id}-photos-hint`} className="field-hint">
            {t('return_damage_hint')}
          </p>
          {fieldError('photos')}
          <input
            id={`${id}-photos`}
            type="file"
            accept="image/jpeg,image/png,image/heic"
            multiple
            aria-invalid={errorOn('photos') ? true : undefined}
            aria-describedby={[`${id}-photos-hint`, errorOn('photos') ? errorId('photos') : ''].join(' ').trim()}
            disabled={busy || photos.length >= RETURN_PHOTOS_MAX}
            onChange={(e) => void addPhotos(e.target.files)}
          />
          <span className="field-hint" aria-live="polite">
            {t('return_photos_added', { count: photos.length })}
          </span>
        </div>
      )}
      <div className="field">
        <label className="field-label" htmlFor={`${id}-note`}>
          {t('return_note')}
        </label>
        <textarea id={`${id}-note`} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
      </div>
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy || chosen === 0 || !reason} data-testid="return-submit">
          {t('return_submit')}
        </button>
        <button type="button" className="button button-secondary" onClick={onClose}>
          {t('return_cancel')}
        </button>
      </div>
    </form>
  );
}
