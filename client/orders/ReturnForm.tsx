// "Return items" (issue 62), loaded when she opens it: which lines and how many (up to what is left),
// why, the unopened confirmation for a change of mind, photos for damage (each uploaded as she picks
// it, as its raw bytes), and a note. The server checks every rule again; its refusal is shown as its key.
import { useContext, useId, useState } from 'react';
import { RETURN_PHOTOS_MAX, RETURN_REASONS, type ReturnReason } from '#shared/orders/returns';
import type { OrderView, ReturnPhotoAnswer } from '#shared/orders/types';
import { useSnapshot } from 'valtio';
import { useI18n } from '../i18n/context';
import { ApiContext } from '../providers';
import { toast } from '../stores/toasts';
import { useSessionStore } from '../stores/session';
import { failureKey, uploadFile } from '../blood-tests/upload-api';

export default function ReturnForm({
  order,
  onClose,
  onDone,
}: {
  order: OrderView;
  onClose: () => void;
  onDone: () => unknown;
}) {
  const { t, lang } = useI18n();
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
  const chosen = Object.values(counts).reduce((n, c) => n + c, 0);
  const nameOf = (sku: number) => {
    const item = order.items.find((i) => i.sku_id === sku);
    return item ? `${item.name} – ${item.sku_name}` : String(sku);
  };

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
    } catch (e) {
      toast.apiError(failureKey(e));
    } finally {
      setBusy(false);
    }
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
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
      toast.success('return_sent');
      await onDone();
    } catch (e) {
      toast.apiError(failureKey(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="return-form" onSubmit={(e) => void submit(e)} data-testid="return-form" noValidate>
      <h3>{t('return_title')}</h3>
      <fieldset>
        <legend className="field-label">{t('return_choose_items')}</legend>
        {left.map((l) => (
          <p key={l.sku_id}>
            <label htmlFor={`${id}-count-${l.sku_id}`}>
              {nameOf(l.sku_id)} — {t('return_count_of', { count: l.count })}
            </label>{' '}
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
          </p>
        ))}
        <p className="cart-line-meta" aria-live="polite">
          {t('return_items_chosen', { count: chosen })}
        </p>
      </fieldset>
      <fieldset>
        <legend className="field-label">{t('return_reason')}</legend>
        {RETURN_REASONS.map((r) => (
          <p key={r}>
            <label>
              <input
                type="radio"
                name={`${id}-reason`}
                value={r}
                checked={reason === r}
                onChange={() => setReason(r)}
              />{' '}
              {t(`return_reason_${r}`)}
            </label>
          </p>
        ))}
      </fieldset>
      {reason === 'changed_mind' && (
        <p>
          <label>
            <input type="checkbox" checked={unopened} onChange={(e) => setUnopened(e.target.checked)} />{' '}
            {t('return_unopened')}
          </label>
        </p>
      )}
      {reason === 'damaged' && (
        // A field of the shop's forms (label above, hint tied to the input), as the redelivery form's are.
        <div className="field">
          <label className="field-label" htmlFor={`${id}-photos`}>
            {t('return_photos')}
          </label>
          <p id={`${id}-photos-hint`} className="field-hint">
            {t('return_damage_hint')}
          </p>
          <input
            id={`${id}-photos`}
            type="file"
            accept="image/jpeg,image/png,image/heic"
            multiple
            aria-describedby={`${id}-photos-hint`}
            disabled={busy || photos.length >= RETURN_PHOTOS_MAX}
            onChange={(e) => void addPhotos(e.target.files)}
          />
          <span aria-live="polite">{t('return_photos_added', { count: photos.length })}</span>
        </div>
      )}
      <div className="field">
        <label className="field-label" htmlFor={`${id}-note`}>
          {t('return_note')}
        </label>
        <textarea id={`${id}-note`} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
      </div>
      <p className="form-actions">
        <button type="submit" className="button" disabled={busy || chosen === 0 || !reason} data-testid="return-submit">
          {t('return_submit')}
        </button>{' '}
        <button type="button" className="button button-secondary" onClick={onClose}>
          {t('return_cancel')}
        </button>
      </p>
    </form>
  );
}
