// /profile/wallet: balance, top-up through the payment gateway, the result of a top-up (?charge=),
// and the history of movements page by page (?page=).
import '../styles/orders.css';
import { useContext, useEffect, useState, type FormEvent } from 'react';
import { Link, useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { useSnapshot } from 'valtio';
import { ApiFailure } from '#shared/api/client';
import { PAYMENT_ID } from '#shared/api/payment-id';
import type { CardMethod } from '#shared/api/order-schemas';
import type {
  Wallet,
  WalletChargeAnswer,
  WalletHistory,
  WalletMovement,
  WalletTopUp,
} from '#shared/api/wallet-responses';
import { currencyDecimals, currencyLabel } from '#shared/money';
import { formatDate } from '#shared/text/dates';
import { normalizeDigits } from '#shared/text/digits';
import { signedInCall } from '../accounts/guard';
import { apiContext } from '../boot';
import { useI18n } from '../i18n/context';
import type { MessageId } from '#shared/i18n/en';
import { useHref, useMinor } from '../lib/locale';
import { CardMethodChoice } from '../orders/CardMethodChoice';
import { ApiContext } from '../providers';
import { useSessionStore } from '../stores/session';
import { EmptyState, Page } from '../ui/Page';
import { FieldNotes, notesIds } from '../ui/form-fields';
import type { PageDeclaration } from '../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = { group: 'account', texts: ['orders'], siteIndex: 'account' } satisfies PageDeclaration;

/** "Damaged item · given by our team": why a refund or an adjustment happened, and by whom. */
function movementWhy(t: ReturnType<typeof useI18n>['t'], has: (key: string) => boolean, m: WalletMovement) {
  const key = `wallet_reason_${m.reason}`;
  const parts = [
    m.reason && has(key) ? t(key as MessageId) : null,
    m.given_by ? t(m.given_by === 'shop' ? 'wallet_given_by_shop' : 'wallet_given_by_you') : null,
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}

interface WalletData {
  wallet: Wallet;
  history: WalletHistory;
  charge: string | null;
}

export async function loader(args: LoaderFunctionArgs): Promise<WalletData> {
  const api = args.context.get(apiContext);
  const url = new URL(args.request.url);
  const page = Math.max(1, Math.min(10_000, Number(url.searchParams.get('page')) || 1));
  const charge = url.searchParams.get('charge');
  return signedInCall(args, async () => {
    const [wallet, history] = await Promise.all([
      api.get<Wallet>('/user/wallet'),
      api.get<WalletHistory>(page > 1 ? `/user/wallet/history/${page}` : '/user/wallet/history'),
    ]);
    return {
      wallet: wallet.data,
      history: history.data,
      charge: charge && PAYMENT_ID.test(charge) ? charge : null,
    };
  });
}

/** "12.5" (or "١٢٫٥") in a currency with `decimals` → minor units, or null when it is not a positive amount. */
export function parseAmount(text: string, decimals: number): number | null {
  const m = /^(\d{1,7})(?:[.,](\d+))?$/.exec(normalizeDigits(text).trim());
  if (!m || (m[2] ?? '').length > decimals) return null;
  const minor = Number(m[1]) * 10 ** decimals + Number((m[2] ?? '').padEnd(decimals, '0') || 0);
  return minor > 0 ? minor : null;
}

export function Component() {
  const { t, tKey, has, lang } = useI18n();
  const href = useHref();
  const data = useLoaderData() as WalletData;
  const api = useContext(ApiContext)!;
  const minor = useMinor();
  const revalidator = useRevalidator();
  const { country } = useSnapshot(useSessionStore());
  const { wallet, history } = data;
  const decimals = currencyDecimals(wallet.currency);
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<CardMethod>(wallet.methods[0]!);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [charge, setCharge] = useState<{ status: string; amount: number; currency: string } | null>(null);

  // The result of a top-up the gateway sent the shopper back from; it may still be on its way.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the poll starts once per charge; revalidate is read when it ends
  useEffect(() => {
    if (!data.charge) return;
    let live = true;
    let tries = 0;
    const load = () =>
      api
        .get<WalletTopUp>(`/user/wallet/${data.charge}`)
        .then((res) => {
          if (!live) return;
          setCharge(res.data);
          if (res.data.status === 'initiated' && ++tries < 15) setTimeout(load, 2000);
          else if (res.data.status === 'succeeded') void revalidator.revalidate();
        })
        .catch((e: unknown) => console.warn('wallet charge result failed', e));
    void load();
    return () => {
      live = false;
    };
  }, [api, data.charge]);

  async function topUp(e: FormEvent) {
    e.preventDefault();
    const value = parseAmount(amount, decimals);
    if (value === null) {
      setError(t('wallet_amount_invalid'));
      document.getElementById('wallet-amount')?.focus();
      return;
    }
    setError(null);
    setSending(true);
    try {
      const res = await api.post<WalletChargeAnswer>('/user/wallet/charge', { amount: value, payment_method: method });
      window.location.assign(res.data.url);
    } catch (failure) {
      const key = failure instanceof ApiFailure ? (failure.meta.key ?? failure.meta.msg) : 'server_error';
      setError(has(key) ? tKey(key) : t('server_error'));
      setSending(false);
    }
  }

  return (
    <Page title={t('page_profile_wallet')} crumbs={[{ label: t('page_profile'), to: href('/profile') }]}>
      {charge && charge.status !== 'initiated' && (
        <div
          className={charge.status === 'succeeded' ? 'form-success' : 'form-alert'}
          role="status"
          data-testid="wallet-charge-result"
        >
          <p>{t(charge.status === 'succeeded' ? 'wallet_charge_succeeded' : 'wallet_charge_failed')}</p>
        </div>
      )}
      <p className="wallet-balance">
        {t('wallet_balance')}: <strong data-testid="wallet-balance">{minor(wallet.balance, wallet.currency)}</strong>
      </p>
      <section className="form-card" aria-labelledby="wallet-top-up-title">
        <h2 id="wallet-top-up-title">{t('wallet_top_up_title')}</h2>
        <form onSubmit={(e) => void topUp(e)} noValidate>
          <div className={error ? 'field has-error' : 'field'}>
            <label className="field-label" htmlFor="wallet-amount">
              {`${t('wallet_amount_label')} (${currencyLabel(wallet.currency, lang)})`}
            </label>
            <FieldNotes id="wallet-amount" error={error} />
            <input
              type="text"
              id="wallet-amount"
              inputMode="decimal"
              dir="ltr"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={notesIds('wallet-amount', null, error)}
            />
          </div>
          <CardMethodChoice
            name="wallet-method"
            legendClassName="field-label"
            methods={wallet.methods}
            value={method}
            onChange={setMethod}
          />
          <button type="submit" className="button" disabled={sending}>
            {t('wallet_top_up_submit')}
          </button>
        </form>
      </section>
      <h2 className="section-title">{t('wallet_history_title')}</h2>
      {history.items.length === 0 ? (
        <EmptyState message="empty_wallet" />
      ) : (
        <>
          <ul className="wallet-history" data-testid="wallet-history">
            {history.items.map((m) => (
              <li key={m.id}>
                <span>
                  {m.kind === 'top_up'
                    ? t('wallet_kind_top_up')
                    : m.kind === 'adjustment'
                      ? t('wallet_kind_adjustment')
                      : m.consultation_id != null
                        ? t(
                            m.kind === 'refund'
                              ? 'wallet_kind_refund_consultation'
                              : 'wallet_kind_consultation_payment',
                            {
                              id: m.consultation_id,
                            },
                          )
                        : m.kind === 'refund' && m.order_id === null && m.blood_test_order_id !== null
                          ? t('wallet_kind_refund_booking', { id: m.blood_test_order_id })
                          : t(m.kind === 'refund' ? 'wallet_kind_refund' : 'wallet_kind_order_payment', {
                              id: m.order_id ?? m.blood_test_order_id ?? '',
                            })}
                  {movementWhy(t, has, m) && (
                    <span className="cart-line-meta wallet-why" data-testid="wallet-why">
                      {movementWhy(t, has, m)}
                    </span>
                  )}
                </span>
                <span className="cart-line-meta">{formatDate(m.created_at, lang, country, { hijri: true })}</span>
                <bdi
                  dir="ltr"
                  className={m.amount > 0 ? 'amount-in' : 'amount-out'}
                >{`${m.amount > 0 ? '+' : '−'}${minor(Math.abs(m.amount), history.currency)}`}</bdi>
              </li>
            ))}
          </ul>
          {history.page_count > 1 && (
            <nav className="pager" aria-label={t('wallet_history_title')}>
              {history.page > 1 && (
                <Link to={`${href('/profile/wallet')}?page=${history.page - 1}`}>{t('orders_previous')}</Link>
              )}
              {history.page < history.page_count && (
                <Link to={`${href('/profile/wallet')}?page=${history.page + 1}`}>{t('orders_next')}</Link>
              )}
            </nav>
          )}
        </>
      )}
    </Page>
  );
}
