// The order page's returns (issue 62): each return with its step and label, and "Return items" while the
// return window is open and something is left to return. The form itself (ReturnForm) and its texts'
// area load only when she opens it: the order page's first JavaScript stays as it was. Returns are
// numbered within the order (her first is 1), with the reference her mails give beside it. The focus
// never drops to the page: the form's heading when it opens, "Return items" again after "Not now", the
// confirmation once it is sent (issue 73).
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { formatDate } from '#shared/text/dates';
import type { OrderView } from '#shared/orders/types';
import { useI18n } from '../i18n/context';
import { withTexts } from '../i18n/texts';
import { useHref, useMinor } from '../lib/locale';

const ReturnForm = lazy(withTexts(['returns'], () => import('./ReturnForm')));

export function OrderReturns({ order, onReturned }: { order: OrderView; onReturned: () => unknown }) {
  const { t, lang } = useI18n();
  const href = useHref();
  const minor = useMinor();
  const [open, setOpen] = useState(false);
  // Where the focus goes once the form closes: back to its button, or to the confirmation.
  const [closed, setClosed] = useState<'cancelled' | 'sent' | null>(null);
  const start = useRef<HTMLButtonElement>(null);
  const sent = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (closed === 'cancelled') start.current?.focus();
    if (closed === 'sent') sent.current?.focus();
  }, [closed]);
  const returns = order.returns;
  if (!returns || (returns.until === null && returns.list.length === 0)) return null;
  return (
    <section className="order-returns" aria-labelledby="order-returns-title" data-testid="order-returns">
      <h2 id="order-returns-title">{t('return_list_title')}</h2>
      {closed === 'sent' && (
        <p className="form-success" role="status" tabIndex={-1} ref={sent} data-testid="return-sent">
          {t('return_sent')}
        </p>
      )}
      {returns.list.length > 0 && (
        <ul className="order-return-list">
          {/* Oldest first (the API's order): her first return of this order is 1. */}
          {returns.list.map((r, i) => (
            <li key={r.id} data-testid="order-return">
              <strong>{t('return_number', { n: i + 1, id: r.id })}</strong> · {t(`return_status_${r.status}`)} ·{' '}
              <span className="cart-line-meta">{formatDate(r.created_at, lang, order.country)}</span>
              {r.refund_amount !== null && (
                <>
                  {' '}
                  · <bdi>{t('return_refunded_amount', { amount: minor(r.refund_amount, order.currency) })}</bdi>
                </>
              )}
              {r.parcel?.label && ['pickup_booked', 'label_ready', 'requested'].includes(r.status) && (
                <>
                  {' '}
                  <a href={`/api/user/order/${order.id}/return/${r.id}/label`} download>
                    {t('return_label_download')}
                  </a>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {returns.until !== null && (
        <>
          <p>
            {t('return_until', { date: formatDate(returns.until, lang, order.country) })}{' '}
            <a href={href('/return-policy')}>{t('return_policy_link')}</a>
          </p>
          {open ? (
            <Suspense fallback={null}>
              <ReturnForm
                order={order}
                onClose={() => {
                  setOpen(false);
                  setClosed('cancelled');
                }}
                onDone={async () => {
                  setOpen(false);
                  setClosed('sent');
                  await onReturned();
                }}
              />
            </Suspense>
          ) : (
            <p className="form-actions">
              <button
                type="button"
                className="button"
                ref={start}
                onClick={() => {
                  setClosed(null);
                  setOpen(true);
                }}
                data-testid="return-start"
              >
                {t('return_start')}
              </button>
            </p>
          )}
        </>
      )}
    </section>
  );
}
