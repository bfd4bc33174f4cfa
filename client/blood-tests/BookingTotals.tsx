// A blood-test booking's amounts (quote on the review step, the order on its page): the product
// orders' lines and texts, without delivery (a nurse's visit has no delivery fee). Amounts are
// VAT-inclusive; in Saudi Arabia the VAT line says how much of the total is VAT.
import { formatPercent } from '#shared/money';
import { useI18n } from '../i18n/context';
import { useCurrency, useMinor } from '../lib/locale';

export interface BookingAmounts {
  currency: string;
  subtotal: number;
  discount: number;
  vat: number;
  /** The VAT rate in percent (15), as the product quote gives it; 0 or absent: the country's rate. */
  vat_rate?: number;
  wallet_used: number;
  /** The whole amount, VAT included, before the wallet part (what is left to pay is total − wallet_used). */
  total: number;
}

export function BookingTotals({ amounts }: { amounts: BookingAmounts }) {
  const { t, lang } = useI18n();
  const minor = useMinor();
  const info = useCurrency();
  const m = (n: number) => <bdi>{minor(n, amounts.currency)}</bdi>;
  const rate = formatPercent(
    (amounts.vat_rate ? amounts.vat_rate * 100 : info.vatBasisPoints) / 10_000,
    lang,
    info.country,
  );
  return (
    <dl className="totals" data-testid="totals">
      <div>
        <dt>{t('cart_subtotal')}</dt>
        <dd>{m(amounts.subtotal)}</dd>
      </div>
      {amounts.discount > 0 && (
        <div>
          <dt>{t('cart_discount')}</dt>
          <dd>−{m(amounts.discount)}</dd>
        </div>
      )}
      <div className="totals-total">
        <dt>{t('cart_total')}</dt>
        <dd data-testid="total">{m(amounts.total)}</dd>
      </div>
      {amounts.vat > 0 && (
        <div className="totals-vat" data-testid="vat-included">
          <dt>{t('cart_vat_included', { rate })}</dt>
          <dd>{m(amounts.vat)}</dd>
        </div>
      )}
      {amounts.wallet_used > 0 && (
        <>
          <div>
            <dt>{t('cart_wallet')}</dt>
            <dd>−{m(amounts.wallet_used)}</dd>
          </div>
          <div className="totals-total">
            <dt>{t('cart_due')}</dt>
            <dd data-testid="due">{m(amounts.total - amounts.wallet_used)}</dd>
          </div>
        </>
      )}
    </dl>
  );
}
