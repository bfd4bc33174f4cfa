// The amounts of an order or a cart (subtotal, price before discount, discount, delivery, VAT, total,
// wallet part); before the server's totals arrive, the cart's own subtotal.
import type { OrderTotals } from '../../shared/orders/types';
import { useI18n } from '../i18n/context';
import { useMinor } from '../lib/locale';
import { Money } from '../ui/Money';

export function Totals({ totals, subtotalFils }: { totals: (OrderTotals & { currency: string }) | null; subtotalFils?: number }) {
  const { t } = useI18n();
  const minor = useMinor();
  if (!totals) {
    return (
      <dl className="totals">
        <div>
          <dt>{t('cart_subtotal')}</dt>
          <dd>{subtotalFils !== undefined && <Money fils={subtotalFils} />}</dd>
        </div>
      </dl>
    );
  }
  const m = (n: number) => <bdi>{minor(n, totals.currency)}</bdi>;
  return (
    <dl className="totals" data-testid="totals">
      {totals.before_discount > totals.subtotal && (
        <div>
          <dt>{t('cart_before_discount')}</dt>
          <dd>
            <del>{m(totals.before_discount)}</del>
          </dd>
        </div>
      )}
      <div>
        <dt>{t('cart_subtotal')}</dt>
        <dd>{m(totals.subtotal)}</dd>
      </div>
      {totals.discount > 0 && (
        <div>
          <dt>{t('cart_discount')}</dt>
          <dd>−{m(totals.discount)}</dd>
        </div>
      )}
      <div>
        <dt>{t('cart_delivery')}</dt>
        <dd>{totals.delivery ? m(totals.delivery) : t('cart_delivery_free')}</dd>
      </div>
      {totals.vat > 0 && (
        <div>
          <dt>{t('cart_vat')}</dt>
          <dd>{m(totals.vat)}</dd>
        </div>
      )}
      <div className="totals-total">
        <dt>{t('cart_total')}</dt>
        <dd data-testid="total">{m(totals.total)}</dd>
      </div>
      {totals.wallet_used > 0 && (
        <>
          <div>
            <dt>{t('cart_wallet')}</dt>
            <dd>−{m(totals.wallet_used)}</dd>
          </div>
          <div className="totals-total">
            <dt>{t('cart_due')}</dt>
            <dd>{m(totals.due)}</dd>
          </div>
        </>
      )}
    </dl>
  );
}

