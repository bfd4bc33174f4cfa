// One of her packages as the package page and the profile's consultations show it: its name and
// sessions, the sessions left (counted, plural forms of the dictionaries), until when they can be used
// (or when they expired), or that its payment is still awaited; and the way to book a session.
import { Link } from 'react-router';
import type { ConsultationCredit } from '#shared/consultations/types';
import { formatDate } from '#shared/text/dates';
import { useI18n } from '../i18n/context';
import { useSessionStore } from '../stores/session';
import { useSnapshot } from 'valtio';
import { consultPaths } from './paths';
import { ms } from './times';

/** Paid, not expired and with a session left: a session can be booked with it. */
function usable(c: ConsultationCredit, now: number): boolean {
  return c.payment_state === 'paid' && c.sessions_left > 0 && ms(c.expires_at) > now;
}

export function PackageSummary({ credit, first = false }: { credit: ConsultationCredit; first?: boolean }) {
  const { t, lang } = useI18n();
  const { country } = useSnapshot(useSessionStore());
  const expires = ms(credit.expires_at);
  const expired = expires <= Date.now();
  const date = formatDate(expires, lang, country);
  return (
    <div className="consult-package" data-testid="consult-credit" data-state={credit.payment_state}>
      <p>
        <strong>{credit.package.name}</strong> · {t('consult_sessions', { count: credit.sessions_total })}
      </p>
      {credit.payment_state === 'pending' && <p className="cart-line-meta">{t('consult_package_waiting')}</p>}
      {credit.payment_state === 'refunded' && <p className="cart-line-meta">{t('consult_package_refunded')}</p>}
      {credit.payment_state === 'paid' && (
        <p className="cart-line-meta" data-testid="consult-credit-left">
          {t('consult_package_left', { count: credit.sessions_left, total: credit.sessions_total })} ·{' '}
          {expired ? t('consult_package_expired', { date }) : t('consult_package_use_by', { date })}
        </p>
      )}
      {usable(credit, Date.now()) && (
        <p>
          <Link
            className={first ? 'button' : 'button button-secondary'}
            to={consultPaths.book(lang, credit.nutritionist_id, { service: credit.package.service_id })}
            data-testid="consult-credit-book"
          >
            {t(first ? 'consult_package_book_first' : 'consult_package_book')}
          </Link>
        </p>
      )}
    </div>
  );
}
