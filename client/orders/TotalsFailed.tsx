// A failed totals calculation (/order/calculate answered an error, or the shopper is offline): say
// so, with why when it is the connection, and a retry, instead of a summary that silently lost its
// delivery, VAT and total rows. Used by the cart; the review step shows the same.
import '../styles/orders.css';
import { useI18n } from '../i18n/context';

/** Failure keys that are about the connection, not the cart: their own text says what to do. */
const CONNECTION = new Set(['offline', 'network_unreachable']);

export function TotalsFailed({ failed, onRetry }: { failed: string; onRetry: () => void }) {
  const { t, tKey } = useI18n();
  return (
    <div className="form-alert" role="alert" data-testid="totals-failed">
      <p>{t('checkout_totals_failed')}</p>
      {CONNECTION.has(failed) && <p>{tKey(failed)}</p>}
      <button type="button" className="button button-secondary" onClick={onRetry}>
        {t('checkout_totals_retry')}
      </button>
    </div>
  );
}
