// The review step's points and friend's code (issue 47). Points: a number field in the rules' steps
// (the browser's arrows and the keyboard's up and down move one step) with "use the most", its value
// in money and what the order earns, announced politely when they change; the server's quote decides
// (max_points, a problem key), the field never guesses. A friend's code: pre-filled from the invite
// page's `ref` cookie, applied or refused with the server's message key next to the field.
import '../styles/orders.css';
import { useEffect, useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import type { CalculateResult } from '#shared/orders/types';
import { useI18n } from '../i18n/context';
import { useMinor } from '../lib/locale';
import { checkout, saveCheckout } from '../stores/checkout';
import { FieldNotes, notesIds } from '../ui/form-fields';
import { referralFromCookie } from '#shared/loyalty/invite';
import { CodeInput } from './CodeInput';

export function PointsControl({ totals }: { totals: CalculateResult | null }) {
  const { t, tKey } = useI18n();
  const minor = useMinor();
  const { points: chosen = 0 } = useSnapshot(checkout);
  const q = totals?.points ?? null;
  const [draft, setDraft] = useState(String(chosen || ''));
  // The field follows what was applied (a refused or cut ask comes back to the quote's answer).
  useEffect(() => setDraft(chosen ? String(chosen) : ''), [chosen]);
  if (!q || !totals) return null;
  const id = 'checkout-points';
  const apply = (value: number) => {
    checkout.points = Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
    saveCheckout();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply(Number(draft));
  };
  const usable = q.max_points >= q.step_points;
  const error = q.problem ? tKey(q.problem) : null;
  const hint = `${t('checkout_points_step', { count: q.step_points, value: minor(q.step_value, totals.currency) })} ${t(
    'checkout_points_max',
    { count: q.max_points },
  )}`;
  return (
    <section
      className="form-card checkout-points"
      aria-labelledby="checkout-points-title"
      data-testid="checkout-points"
    >
      <h2 id="checkout-points-title">{t('checkout_points_title')}</h2>
      <p>{t('checkout_points_balance', { count: q.balance })}</p>
      {usable ? (
        <form onSubmit={submit} noValidate className={error ? 'field has-error' : 'field'}>
          <label className="field-label" htmlFor={id}>
            {t('checkout_points_label')}
          </label>
          <FieldNotes id={id} hint={hint} error={error} />
          <div className="coupon-row">
            <input
              id={id}
              type="number"
              inputMode="numeric"
              min={0}
              max={q.max_points}
              step={q.step_points}
              value={draft}
              dir="ltr"
              onChange={(e) => setDraft(e.target.value)}
              onBlur={() => Number(draft) !== chosen && apply(Number(draft))}
              aria-invalid={error ? true : undefined}
              aria-describedby={notesIds(id, hint, error)}
              data-testid="points-input"
            />
            <button type="submit" className="button button-secondary">
              {t('checkout_referral_apply')}
            </button>
          </div>
          <p className="field-hint">
            <button type="button" className="link-button" onClick={() => apply(q.max_points)} data-testid="points-max">
              {t('checkout_points_use_max')}
            </button>
          </p>
        </form>
      ) : (
        <p className="field-hint">{t('checkout_points_none_usable')}</p>
      )}
      <div role="status" aria-live="polite">
        {q.discount > 0 && (
          <p className="field-hint" data-testid="points-value">
            {t('checkout_points_value', { value: minor(q.discount, totals.currency) })}
          </p>
        )}
        {q.earns > 0 && (
          <p className="field-hint" data-testid="points-earn">
            {t('checkout_points_earn', { count: q.earns })}
          </p>
        )}
      </div>
    </section>
  );
}

export function ReferralForm({ totals }: { totals: CalculateResult | null }) {
  const { t, tKey } = useI18n();
  const minor = useMinor();
  const { referralCode } = useSnapshot(checkout);
  const [code, setCode] = useState(referralCode ?? '');
  // The invite page's code, once, when this checkout has none yet. Not saved here: this effect runs
  // before the steps' own effect has restored the checkout from storage, and saving now would write the
  // empty state over the address and payment she chose (a choice she makes saves it).
  useEffect(() => {
    if (checkout.referralCode !== undefined) return;
    const kept = referralFromCookie(document.cookie);
    checkout.referralCode = kept;
    if (kept) setCode(kept);
  }, []);
  useEffect(() => setCode(referralCode ?? ''), [referralCode]);
  const store = (next: string | null) => {
    checkout.referralCode = next;
    saveCheckout();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    store(code.trim() ? code.trim().toUpperCase() : null);
  };
  const result = totals?.referral ?? null;
  const id = 'checkout-referral';
  const error = result && !result.applied && result.problem ? tKey(result.problem) : null;
  return (
    <form className="coupon-form" onSubmit={submit} noValidate data-testid="referral-form">
      <div className={error ? 'field has-error' : 'field'}>
        <CodeInput
          id={id}
          label={t('checkout_referral_label')}
          value={code}
          onChange={setCode}
          error={error}
          apply={t('checkout_referral_apply')}
          testId="referral-input"
        />
        {result?.applied && totals && (
          <p className="field-hint" role="status" data-testid="referral-applied">
            {t('checkout_referral_applied', { value: minor(result.discount, totals.currency) })}{' '}
            <button type="button" className="link-button" onClick={() => store(null)}>
              {t('checkout_referral_remove')}
            </button>
          </p>
        )}
        {error && (
          <p className="field-hint">
            <button type="button" className="link-button" onClick={() => store(null)} data-testid="referral-remove">
              {t('checkout_referral_remove')}
            </button>
          </p>
        )}
      </div>
    </form>
  );
}
