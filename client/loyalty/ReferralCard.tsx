// The referral card of /profile/points (issue 47): her code and share link, each with a copy button
// (the result announced in a live region, "Copied"), WhatsApp share (wa.me opens the app on a phone),
// the Web Share API's button where the browser has one, and her friends this month against the cap.
import { useEffect, useId, useState } from 'react';
import type { ReferralInfo } from '#shared/loyalty/types';
import type { CurrencyCode } from '#shared/locale';
import { useI18n } from '../i18n/context';
import { useMinor } from '../lib/locale';
import { useSessionStore } from '../stores/session';
import { useSnapshot } from 'valtio';
import { formatNumber } from '#shared/money';
import { whatsappShareUrl } from './share';

export function ReferralCard({ referral, currency }: { referral: ReferralInfo; currency: CurrencyCode }) {
  const { t, lang } = useI18n();
  const { country } = useSnapshot(useSessionStore());
  const minor = useMinor();
  const id = useId();
  const [said, setSaid] = useState('');
  // Known only in the browser, after hydration: the server renders no share button.
  const [canShare, setCanShare] = useState(false);
  useEffect(() => setCanShare(typeof navigator !== 'undefined' && typeof navigator.share === 'function'), []);

  const discount = minor(referral.friend_discount, currency);
  const min = minor(referral.friend_min_subtotal, currency);
  const text = t('referral_share_text', { discount, min, code: referral.code, link: referral.link });
  const capReached = referral.monthly_cap > 0 && referral.rewarded_this_month >= referral.monthly_cap;

  async function copy(value: string) {
    // The same words again must still be announced: clear, then say.
    setSaid('');
    try {
      await navigator.clipboard.writeText(value);
      setSaid(t('referral_copied'));
    } catch {
      setSaid(t('referral_copy_failed'));
    }
  }

  async function share() {
    try {
      await navigator.share({ title: t('referral_title'), text, url: referral.link });
    } catch {
      // Cancelled by her, or refused by the browser: nothing to say.
    }
  }

  return (
    <section className="referral-card form-card" aria-labelledby={`${id}-title`} data-testid="referral-card">
      <h2 id={`${id}-title`}>{t('referral_title')}</h2>
      <p>{t('referral_offer', { discount, min })}</p>
      <p>{t('referral_reward', { count: referral.referrer_points })}</p>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-code`}>
          {t('referral_code_label')}
        </label>
        <div className="referral-row">
          <input
            id={`${id}-code`}
            type="text"
            className="referral-code"
            readOnly
            value={referral.code}
            dir="ltr"
            data-testid="referral-code"
            onFocus={(e) => e.target.select()}
          />
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void copy(referral.code)}
            data-testid="referral-copy-code"
          >
            {t('referral_copy_code')}
          </button>
        </div>
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-link`}>
          {t('referral_link_label')}
        </label>
        <div className="referral-row">
          <input
            id={`${id}-link`}
            type="url"
            readOnly
            value={referral.link}
            dir="ltr"
            data-testid="referral-link"
            onFocus={(e) => e.target.select()}
          />
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void copy(referral.link)}
            data-testid="referral-copy-link"
          >
            {t('referral_copy_link')}
          </button>
        </div>
      </div>
      <p className="visually-hidden" role="status" aria-live="polite" data-testid="referral-said">
        {said}
      </p>
      {said && (
        <p className="field-hint" aria-hidden="true">
          {said}
        </p>
      )}
      <div className="form-actions referral-share">
        <a
          className="button referral-whatsapp"
          href={whatsappShareUrl(text)}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="referral-whatsapp"
        >
          {t('referral_whatsapp')}
        </a>
        {canShare && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void share()}
            data-testid="referral-share"
          >
            {t('referral_share')}
          </button>
        )}
      </div>
      <p data-testid="referral-month">
        {t('referral_this_month', {
          done: formatNumber(referral.rewarded_this_month, lang, country),
          cap: formatNumber(referral.monthly_cap, lang, country),
        })}
      </p>
      {capReached && <p className="field-hint">{t('referral_cap_reached')}</p>}
      {referral.pending > 0 && <p className="field-hint">{t('referral_pending', { count: referral.pending })}</p>}
    </section>
  );
}
