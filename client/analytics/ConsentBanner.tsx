// The analytics consent banner (decision 35), loaded only where a tracker is configured and the
// shopper's country asks for consent, until they choose (or reopen it from the footer's "Cookie
// settings"). A compact bar fixed along the bottom edge (about a tenth of a phone screen): it never moves
// the page nor hides the page's end (the page gains room below it), and says in one line what it counts,
// the whole text one "Details" away. It is no modal: it does not take focus when it first appears (a
// landmark screen readers list), but when reopened from the footer focus moves to it, and after a choice
// (or Escape) goes back to the footer's button.
import '../styles/consent.css';
import { useEffect, useId, useRef, useState } from 'react';
import type { ConsentChoice } from '#shared/analytics/consent';
import { useI18n } from '../i18n/context';

export default function ConsentBanner({
  reopened,
  onChoose,
  onClose,
}: {
  /** Opened from "Cookie settings": focus moves here and Escape closes it without a change. */
  reopened: boolean;
  onChoose: (choice: ConsentChoice) => void;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const title = useRef<HTMLHeadingElement>(null);
  const [details, setDetails] = useState(false);
  useEffect(() => {
    if (reopened) title.current?.focus();
  }, [reopened]);
  return (
    <section
      className="consent-banner"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      data-testid="consent-banner"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && reopened) {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="consent-banner-text">
        <h2 id={`${id}-title`} ref={title} tabIndex={-1}>
          {t('consent_title')}
        </h2>{' '}
        <p id={`${id}-body`}>{t('consent_short')}</p>
        <p id={`${id}-details`} className="consent-banner-details" hidden={!details}>
          {t('consent_body')}
        </p>
      </div>
      <div className="consent-banner-actions">
        <button type="button" className="button" onClick={() => onChoose('granted')}>
          {t('consent_accept')}
        </button>
        <button type="button" className="button button-secondary" onClick={() => onChoose('denied')}>
          {t('consent_decline')}
        </button>
        <button
          type="button"
          className="link-button consent-banner-more"
          aria-expanded={details}
          aria-controls={`${id}-details`}
          onClick={() => setDetails(!details)}
        >
          {t('consent_details')}
        </button>
      </div>
    </section>
  );
}
