// /profile/subscriptions (decision 45): each subscription with its next delivery, the day its order is
// placed (neither while paused: nothing is ordered until she resumes), price, address and payment; skip the next delivery, move its date, change how often, how
// many, where or how it is paid, pause or resume, cancel in two taps; a failed order says why and offers
// to try again or to pay it. Every change is one call that answers the subscription as it now is.
import '../styles/orders.css';
import '../styles/account.css';
import { useContext, useId, useState, type FormEvent } from 'react';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { useSnapshot } from 'valtio';
import type { Address } from '#shared/api/account-schemas';
import { ApiFailure } from '#shared/api/client';
import type { MessageId } from '#shared/i18n/en';
import { countryDate } from '#shared/country-days';
import { addDays } from '#shared/gulf-days';
import { paths } from '#shared/routes';
import { type Frequency, SUBSCRIPTION_RULES } from '#shared/subscriptions/frequency';
import type { SubscriptionChange } from '#shared/subscriptions/schemas';
import type { SubscriptionList, SubscriptionView } from '#shared/subscriptions/types';
import { formatDate } from '#shared/text/dates';
import { signedInCall } from '../accounts/guard';
import { apiContext } from '../boot';
import { useI18n } from '../i18n/context';
import { useHref, useMinor } from '../lib/locale';
import { ApiContext } from '../providers';
import { useSessionStore } from '../stores/session';
import { toast } from '../stores/toasts';
import { frequencyLabel } from '../subscriptions/frequency-label';
import { EmptyState, Page } from '../ui/Page';
import type { PageDeclaration } from '../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = {
  group: 'account',
  texts: ['subscriptions', 'accounts', 'orders'],
  siteIndex: 'account',
} satisfies PageDeclaration;

interface Data {
  items: SubscriptionView[];
  addresses: Address[];
}

export async function loader(args: LoaderFunctionArgs): Promise<Data> {
  const api = args.context.get(apiContext);
  return signedInCall(args, async () => {
    const [subs, addresses] = await Promise.all([
      api.get<SubscriptionList>('/subscriptions'),
      api.get<{ items: Address[] }>('/user/address'),
    ]);
    return { items: subs.data.items, addresses: addresses.data.items };
  });
}

export function Component() {
  const { t } = useI18n();
  const href = useHref();
  const data = useLoaderData() as Data;
  const [items, setItems] = useState(data.items);
  const replace = (next: SubscriptionView) => setItems((all) => all.map((s) => (s.id === next.id ? next : s)));
  return (
    <Page title={t('page_profile_subscriptions')} crumbs={[{ label: t('page_profile'), to: href('/profile') }]}>
      {items.length === 0 ? (
        <EmptyState message="sub_empty" action={{ label: 'home_shop_now', to: '/products' }} />
      ) : (
        <ul className="subscription-list">
          {items.map((s) => (
            <li key={s.id}>
              <SubscriptionCard sub={s} addresses={data.addresses} onChanged={replace} />
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}

const FAILURE_TEXT: Record<string, MessageId> = {
  out_of_stock: 'sub_failed_out_of_stock',
  unavailable: 'sub_failed_unavailable',
  card_declined: 'sub_failed_card_declined',
  payment_unconfirmed: 'sub_failed_payment_unconfirmed',
  no_card: 'sub_failed_no_card',
  wallet_insufficient: 'sub_failed_wallet_insufficient',
  address_gone: 'sub_failed_address_gone',
};

export function SubscriptionCard({
  sub,
  addresses,
  onChanged,
}: {
  sub: SubscriptionView;
  addresses: Address[];
  onChanged: (next: SubscriptionView) => void;
}) {
  const { t, tKey, has, lang } = useI18n();
  const href = useHref();
  const minor = useMinor();
  const api = useContext(ApiContext)!;
  const { country } = useSnapshot(useSessionStore());
  const ids = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [date, setDate] = useState(sub.next_date);
  const day = (d: string) => formatDate(Date.parse(`${d}T09:00:00Z`), lang, country, { hijri: true });
  const open = sub.status === 'active' || sub.status === 'paused' || sub.status === 'pending';
  // The subscription's dates are its country's (the API checks the window on the same day).
  const today = countryDate(sub.country, Date.now());

  async function send(path: string, body: SubscriptionChange | undefined, done: MessageId = 'sub_changed') {
    setBusy(true);
    setError(null);
    try {
      const res = await api.post<SubscriptionView>(path, body ?? {});
      onChanged(res.data);
      setDate(res.data.next_date);
      toast.success(done);
    } catch (failure) {
      const key = failure instanceof ApiFailure ? (failure.meta.key ?? failure.meta.msg) : 'server_error';
      setError(has(key) ? tKey(key) : t('server_error'));
    } finally {
      setBusy(false);
    }
  }
  const change = (body: SubscriptionChange, done?: MessageId) => send(`/subscriptions/${sub.id}`, body, done);

  const failed = sub.last_run?.status === 'failed' ? sub.last_run : null;
  const ownAddresses = addresses.filter((a) => a.country === sub.country);
  return (
    <article className="form-card subscription" aria-labelledby={`${ids}-name`} data-testid="subscription">
      <header className="subscription-head">
        {sub.product.image && <img src={sub.product.image} alt="" width={64} height={64} loading="lazy" />}
        <div>
          <h2 id={`${ids}-name`} className="subscription-name">
            <Link to={paths.product(sub.product.slug, lang)}>{sub.product.name}</Link>
          </h2>
          <p className="cart-line-meta">{t('cart_size', { name: sub.sku.name })}</p>
          <p className={`subscription-status status-${sub.status}`} data-testid="subscription-status">
            {t(`sub_status_${sub.status}` as MessageId)}
          </p>
        </div>
      </header>
      {error && (
        <div className="form-alert" role="alert">
          <p>{error}</p>
        </div>
      )}
      {failed?.failure && (
        <div className="form-alert" role="status" data-testid="subscription-failed">
          <p>{t(FAILURE_TEXT[failed.failure]!)}</p>
          {failed.order_id ? (
            <Link to={`${href('/profile/orders')}?id=${failed.order_id}`}>
              {t('sub_pay_order', { id: failed.order_id })}
            </Link>
          ) : (
            sub.status === 'active' && (
              <button
                type="button"
                className="button button-secondary"
                disabled={busy}
                onClick={() => void send(`/subscriptions/${sub.id}/retry`, undefined)}
              >
                {t('sub_retry')}
              </button>
            )
          )}
        </div>
      )}
      <dl className="subscription-facts">
        {sub.status === 'paused' ? (
          <>
            <dt className="visually-hidden">{t('sub_status_paused')}</dt>
            <dd data-testid="subscription-paused">{t('sub_paused_note')}</dd>
          </>
        ) : (
          sub.status !== 'cancelled' && (
            <>
              <dt className="visually-hidden">{t('sub_change_date')}</dt>
              <dd data-testid="subscription-next">
                {t('sub_next', { date: day(sub.next_date) })}
                <span className="cart-line-meta"> {t('sub_order_on', { date: day(sub.order_date) })}</span>
              </dd>
            </>
          )
        )}
        <dt className="visually-hidden">{t('sub_frequency')}</dt>
        <dd>{frequencyLabel(t, sub.every)}</dd>
        <dt className="visually-hidden">{t('sub_quantity')}</dt>
        <dd>
          <bdi>
            {t('sub_each', { quantity: sub.count, price: minor(sub.unit_price, sub.currency), percent: sub.discount })}
          </bdi>
        </dd>
        <dt className="visually-hidden">{t('sub_address')}</dt>
        <dd>{t('sub_deliver_to', { address: sub.address.line })}</dd>
        <dt className="visually-hidden">{t('sub_pay_by')}</dt>
        <dd>
          {sub.pay_by === 'wallet'
            ? t('sub_pay_wallet')
            : sub.card
              ? t('sub_pay_card', { brand: sub.card.brand, last4: sub.card.last4 })
              : t('sub_pay_card_pending')}
        </dd>
        {sub.last_run?.status === 'placed' && sub.last_run.order_id && (
          <dd>
            <Link to={`${href('/profile/orders')}?id=${sub.last_run.order_id}`}>
              {t('sub_last_placed', { id: sub.last_run.order_id })}
            </Link>
          </dd>
        )}
      </dl>
      {(sub.status === 'active' || sub.status === 'paused') && (
        <div className="subscription-actions">
          {sub.status === 'active' && (
            <button
              type="button"
              className="button button-secondary"
              disabled={busy}
              onClick={() => void change({ action: 'skip' })}
              data-testid="subscription-skip"
            >
              {t('sub_skip')}
            </button>
          )}
          {/* Moving the next delivery means nothing while paused: resuming sets it. */}
          {sub.status === 'active' && (
            <form
              className="subscription-date field"
              onSubmit={(e: FormEvent) => {
                e.preventDefault();
                void change({ action: 'date', date });
              }}
            >
              <label htmlFor={`${ids}-date`}>{t('sub_new_date')}</label>
              <input
                id={`${ids}-date`}
                type="date"
                value={date}
                min={addDays(today, SUBSCRIPTION_RULES.minDaysAhead)}
                max={addDays(today, SUBSCRIPTION_RULES.maxDaysAhead)}
                onChange={(e) => setDate(e.target.value)}
                required
              />
              <button type="submit" className="button button-secondary" disabled={busy || date === sub.next_date}>
                {t('sub_save_change')}
              </button>
            </form>
          )}
          <label className="subscription-field field">
            <span>{t('sub_frequency')}</span>
            <select
              value={sub.every}
              disabled={busy}
              onChange={(e) => void change({ action: 'every', every: e.target.value as Frequency })}
              data-testid="subscription-every"
            >
              {[...new Set([sub.every, ...sub.offered])].map((f) => (
                <option key={f} value={f}>
                  {frequencyLabel(t, f)}
                </option>
              ))}
            </select>
          </label>
          <label className="subscription-field field">
            <span>{t('sub_quantity')}</span>
            <select
              value={sub.count}
              disabled={busy}
              onChange={(e) => void change({ action: 'count', count: Number(e.target.value) })}
            >
              {Array.from({ length: SUBSCRIPTION_RULES.maxCount }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          {/* Another address, or a new one for an address removed since (its order could not be placed). */}
          {(ownAddresses.length > 1 || !ownAddresses.some((a) => a.id === sub.address.id)) &&
            ownAddresses.length > 0 && (
              <label className="subscription-field field">
                <span>{t('sub_address')}</span>
                <select
                  value={sub.address.id}
                  disabled={busy}
                  onChange={(e) => void change({ action: 'address', address_id: Number(e.target.value) })}
                >
                  {!ownAddresses.some((a) => a.id === sub.address.id) && (
                    <option value={sub.address.id} disabled>
                      {sub.address.line}
                    </option>
                  )}
                  {ownAddresses.map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.label || a.recipient}
                    </option>
                  ))}
                </select>
              </label>
            )}
          {/* Without a kept card the shopper can still move to the wallet. */}
          {(sub.card || sub.pay_by === 'card') && (
            <label className="subscription-field field">
              <span>{t('sub_pay_by')}</span>
              <select
                value={sub.pay_by}
                disabled={busy}
                onChange={(e) => void change({ action: 'pay_by', pay_by: e.target.value as 'card' | 'wallet' })}
              >
                <option value="card" disabled={!sub.card}>
                  {t('sub_pay_by_card')}
                </option>
                <option value="wallet">{t('sub_pay_by_wallet')}</option>
              </select>
            </label>
          )}
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            onClick={() => void change({ action: sub.status === 'active' ? 'pause' : 'resume' })}
            data-testid="subscription-pause"
          >
            {t(sub.status === 'active' ? 'sub_pause' : 'sub_resume')}
          </button>
        </div>
      )}
      {open && (
        <div className="subscription-cancel">
          {confirmCancel ? (
            <fieldset>
              <legend>{t('sub_cancel_question')}</legend>
              <button
                type="button"
                className="button danger-button"
                disabled={busy}
                onClick={() => void change({ action: 'cancel' }, 'sub_cancelled_toast')}
                data-testid="subscription-cancel-confirm"
              >
                {t('sub_cancel_confirm')}
              </button>
              <button type="button" className="button button-secondary" onClick={() => setConfirmCancel(false)}>
                {t('sub_cancel_keep')}
              </button>
            </fieldset>
          ) : (
            <button
              type="button"
              className="link-button"
              onClick={() => setConfirmCancel(true)}
              data-testid="subscription-cancel"
            >
              {t('sub_cancel')}
            </button>
          )}
        </div>
      )}
    </article>
  );
}
