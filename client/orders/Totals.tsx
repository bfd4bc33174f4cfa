// The amounts of an order or a cart (subtotal, price before discount, discount, delivery, total, the
// VAT the total includes, wallet part); before the server's totals arrive, the cart's own payable
// subtotal. Every amount is VAT-inclusive; the VAT line says how much of the total is VAT.
import '../styles/orders.css';
import type { OrderTotals } from '#shared/orders/types';
import { formatPercent } from '#shared/money';
import { pointsCount } from '#shared/loyalty/points-count';
import { useI18n } from '../i18n/context';
import { useCurrency, useMinor } from '../lib/locale';
import { MinorMoney } from '../ui/Money';

export function Totals({
  totals,
  subtotalMinor,
}: {
  /** vat_basis_points: the order's rate (orders); without it, the shopper's country's rate (cart). */
  totals: (OrderTotals & { currency: string; vat_basis_points?: number }) | null;
  /** The cart's payable subtotal (minor units of the shopper's currency) until the server answers. */
  subtotalMinor?: number;
}) {
  const { t, lang } = useI18n();
  const minor = useMinor();
  const info = useCurrency();
  if (!totals) {
    return (
      <dl className="totals">
        <div>
          <dt>{t('cart_subtotal')}</dt>
          <dd>{subtotalMinor !== undefined && <MinorMoney minor={subtotalMinor} currency={info.currency} />}</dd>
        </div>
      </dl>
    );
  }
  const rate = formatPercent((totals.vat_basis_points ?? info.vatBasisPoints) / 10_000, lang, info.country);
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
      {(totals.referral_discount ?? 0) > 0 && (
        <div data-testid="totals-referral">
          <dt>{t('totals_referral')}</dt>
          <dd>−{m(totals.referral_discount)}</dd>
        </div>
      )}
      {(totals.points_discount ?? 0) > 0 && (
        <div data-testid="totals-points">
          <dt>{t('totals_points', { points: pointsCount(totals.points_used, lang) })}</dt>
          <dd>−{m(totals.points_discount)}</dd>
        </div>
      )}
      <div>
        <dt>{t('cart_delivery')}</dt>
        <dd>{totals.delivery ? m(totals.delivery) : t('cart_delivery_free')}</dd>
      </div>
      <div className="totals-total">
        <dt>{t('cart_total')}</dt>
        <dd data-testid="total">{m(totals.total)}</dd>
      </div>
      {totals.vat > 0 && (
        <div className="totals-vat" data-testid="vat-included">
          <dt>{t('cart_vat_included', { rate })}</dt>
          <dd>{m(totals.vat)}</dd>
        </div>
      )}
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
