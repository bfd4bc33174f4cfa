// Deliver once, or subscribe and save (decision 45): one select per cart line (and on the product
// page), its options the frequencies the line's pack suits, with the percent off and what it means.
import '../styles/subscriptions.css';
import { type ReactNode, useId } from 'react';
import type { SubscribeOffer } from '#shared/orders/types';
import { type Frequency, frequencyParts } from '#shared/subscriptions/frequency';
import { useI18n } from '../i18n/context';
import { frequencyLabel } from './frequency-label';

export function SubscribeChoice({
  offer,
  value,
  onChange,
  needsAccount,
  onSignIn,
  note,
}: {
  offer: SubscribeOffer;
  value: Frequency | null;
  onChange: (every: Frequency | null) => void;
  /** Shown under the choice while a frequency is chosen (the product page's subscription price). */
  note?: ReactNode;
  /** A guest's subscribed line is priced once: say why, with a way to sign in. */
  needsAccount?: boolean;
  onSignIn?: () => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const dosage = offer.offered.find((f) => f.endsWith('d'));
  return (
    <div className="subscribe-choice field" data-testid="subscribe-choice">
      <label htmlFor={id} className="subscribe-choice-label">
        {t('sub_choice_label')}
        {offer.discount > 0 && <span className="subscribe-badge">{t('sub_save', { percent: offer.discount })}</span>}
      </label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(e) => onChange((e.target.value || null) as Frequency | null)}
        data-testid="subscribe-every"
      >
        <option value="">{t('sub_once')}</option>
        {/* A line keeps what it was given even when its quantity no longer suits it: shown as it is. */}
        {(value && !offer.offered.includes(value) ? [...offer.offered, value] : offer.offered).map((f) => (
          <option key={f} value={f}>
            {frequencyLabel(t, f)}
          </option>
        ))}
      </select>
      {value && note}
      {value && (
        <p className="form-note">
          {dosage && value === dosage && `${t('sub_pack_lasts', { count: daysOf(dosage) })} `}
          {t('sub_terms')}
        </p>
      )}
      {value && needsAccount && (
        <p className="form-note" role="status">
          {onSignIn ? (
            <button type="button" className="link-button" onClick={onSignIn}>
              {t('sub_sign_in')}
            </button>
          ) : (
            t('subscription_needs_account')
          )}
        </p>
      )}
    </div>
  );
}

function daysOf(f: Frequency): number {
  const parts = frequencyParts(f);
  return 'days' in parts ? parts.days : parts.months * 30;
}
