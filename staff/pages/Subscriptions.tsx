// Subscribe and save in the back office (decision 45): every subscription, the orders the job places in
// the next two weeks, and the runs that failed lately with why, each tab with its count and pages; and
// the shop's discount. A product's own discount is on its catalogue page (pages/catalogue/Product.tsx).
import { countriesFor } from '#shared/staff/permissions';
import { frequencyParts, type Frequency } from '#shared/subscriptions/frequency';
import type { SubscriptionRun } from '#shared/subscriptions/types';
import type { StaffSubscriptionList } from '#shared/subscriptions/staff-responses';
import { formatDate } from '#shared/text/dates';
import type { StaffTextId, StaffTranslator } from '../lib/i18n';
import type { StaffSelf } from '../lib/api';
import { Notice, type FormState } from './Customers';
import { Layout } from './Layout';
import { HOME_COUNTRY } from '#shared/countries';

const SUBSCRIPTION_VIEWS = ['all', 'upcoming', 'failed'] as const;
export type SubscriptionView = (typeof SUBSCRIPTION_VIEWS)[number];

const FAILURES = new Set([
  'out_of_stock',
  'unavailable',
  'card_declined',
  'payment_unconfirmed',
  'no_card',
  'wallet_insufficient',
  'address_gone',
]);

/** A percent as the language writes it, with its own sign and digits in Latin. */
export const percentText = (t: StaffTranslator, n: number) =>
  new Intl.NumberFormat(`${t.lang}-u-nu-latn`, { style: 'percent', maximumFractionDigits: 0 }).format(n / 100);

/** A calendar date (YYYY-MM-DD, the subscription's country's) as the staff member reads it. */
function dayText(t: StaffTranslator, day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  // Midday UTC: the same day in every time zone the formatter could use.
  return formatDate(Date.UTC(y, m - 1, d, 12), t.lang, HOME_COUNTRY);
}

function everyText(t: StaffTranslator, every: Frequency): string {
  const parts = frequencyParts(every);
  return 'months' in parts
    ? t.t('st_subs_every_months', { count: parts.months })
    : t.t('st_subs_every_days', { count: parts.days });
}

const viewHref = (view: SubscriptionView, page = 1) => {
  const params = new URLSearchParams();
  if (view !== 'all') params.set('view', view);
  if (page > 1) params.set('page', String(page));
  const s = params.toString();
  return `/subscriptions${s ? `?${s}` : ''}`;
};

function LastRun({ t, run }: { t: StaffTranslator; run: SubscriptionRun | null }) {
  if (!run) return <span className="muted">{t.t('st_subs_no_run')}</span>;
  return (
    <>
      <span className={`badge run-${run.status}`}>{t.t(`st_subs_run_${run.status}`)}</span>{' '}
      <span className="muted">{t.t('st_subs_run_for', { date: dayText(t, run.due_date) })}</span>
      {run.failure && (
        <>
          <br />
          <strong className="warn" data-testid="run-failure">
            {FAILURES.has(run.failure) ? t.t(`st_subs_failure_${run.failure}` as StaffTextId) : run.failure}
          </strong>
        </>
      )}
      {run.order_id !== null && (
        <>
          <br />
          <a href={`/orders/${run.order_id}`}>{t.t('st_subs_order_link', { id: run.order_id })}</a>
        </>
      )}
    </>
  );
}

function DiscountForm(props: { t: StaffTranslator; me: StaffSelf; discount: number; state?: FormState }) {
  const { t, state } = props;
  // The shop's own discount: a member of one country's offers reads it (the API refuses her change).
  const write = countriesFor(props.me.grants, 'promotions:write') === null;
  const error = state?.error && state.values ? state.error : undefined;
  return (
    <section aria-labelledby="discount-title">
      <h2 id="discount-title">{t.t('st_subs_discount_title')}</h2>
      <p data-testid="shop-discount">{t.t('st_subs_discount_now', { percent: percentText(t, props.discount) })}</p>
      {write && (
        <form method="post" action="/subscriptions/settings" className="card stack">
          <div className="field">
            <label htmlFor="discount">{t.t('st_subs_discount_label')}</label>
            <input
              id="discount"
              name="discount"
              type="number"
              min={0}
              max={50}
              step={1}
              dir="ltr"
              inputMode="numeric"
              required
              className="short"
              defaultValue={state?.values?.discount ?? String(props.discount)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'discount-hint discount-error' : 'discount-hint'}
            />
            <p className="hint muted" id="discount-hint">
              {t.t('st_subs_discount_hint')}
            </p>
            {error && (
              <p className="field-error" id="discount-error">
                {t.tKey(error)}
              </p>
            )}
          </div>
          <div>
            <button type="submit">{t.t('st_subs_discount_save')}</button>
          </div>
        </form>
      )}
    </section>
  );
}

export function SubscriptionsPage(props: {
  t: StaffTranslator;
  nonce: string;
  me: StaffSelf;
  list: StaffSubscriptionList;
  state?: FormState;
}) {
  const { t, me, list, state } = props;
  const view = list.view;
  const total = list.counts[view];
  const pages = Math.max(1, Math.ceil(total / list.per_page));
  const customers = me.permissions.includes('customers:read');
  const tabs: Record<SubscriptionView, StaffTextId> = {
    all: 'st_subs_tab_all',
    upcoming: 'st_subs_tab_upcoming',
    failed: 'st_subs_tab_failed',
  };
  return (
    <Layout t={t} nonce={props.nonce} me={me} title={t.t('st_subs_title')} path="/subscriptions">
      <h1>{t.t('st_subs_title')}</h1>
      <p className="muted">{t.t('st_subs_intro')}</p>
      <Notice t={t} state={state} />
      <p data-testid="active-count">
        <strong>{t.t('st_subs_active', { count: list.counts.active })}</strong>
      </p>
      <nav className="subnav" aria-label={t.t('st_subs_tabs')}>
        <ul>
          {SUBSCRIPTION_VIEWS.map((v) => (
            <li key={v}>
              <a href={viewHref(v)} aria-current={v === view ? 'page' : undefined}>
                {t.t(tabs[v], { n: t.n(list.counts[v]) })}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <p className="muted">{t.t(`st_subs_hint_${view}`)}</p>
      {list.items.length === 0 ? (
        <p>{t.t('st_subs_none')}</p>
      ) : (
        <div className="table-wrap">
          <table className="stacked">
            <thead>
              <tr>
                <th scope="col">{t.t('st_subs_number')}</th>
                <th scope="col">{t.t('st_subs_shopper')}</th>
                <th scope="col">{t.t('st_subs_product')}</th>
                <th scope="col">{t.t('st_subs_every')}</th>
                <th scope="col">{t.t('st_subs_next')}</th>
                <th scope="col">{t.t('st_subs_status')}</th>
                <th scope="col">{t.t('st_subs_last_run')}</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((s) => (
                <tr key={s.id} data-subscription={s.id}>
                  <td className="mono" data-label={t.t('st_subs_number')}>
                    {s.id}
                  </td>
                  <td data-label={t.t('st_subs_shopper')}>
                    {customers ? (
                      <a href={`/customers/${s.user.id}`} dir="auto">
                        {s.user.name}
                      </a>
                    ) : (
                      <span dir="auto">{s.user.name}</span>
                    )}
                    {s.user.email && (
                      <>
                        <br />
                        <span className="email muted" dir="ltr">
                          {s.user.email}
                        </span>
                      </>
                    )}
                    <br />
                    <small className="muted">{t.t(`st_country_${s.country}`)}</small>
                  </td>
                  <td data-label={t.t('st_subs_product')}>
                    <span dir="auto">{s.product_name}</span>
                    <br />
                    <small className="muted">
                      <span dir="auto">{s.sku_name}</span> × {t.t('st_subs_packs', { count: s.count })}
                    </small>
                  </td>
                  <td data-label={t.t('st_subs_every')}>{everyText(t, s.every)}</td>
                  <td className="nowrap" data-label={t.t('st_subs_next')}>
                    {dayText(t, s.next_date)}
                    {s.order_date && (
                      <>
                        <br />
                        <small className="muted">{t.t('st_subs_order_on', { date: dayText(t, s.order_date) })}</small>
                      </>
                    )}
                  </td>
                  <td data-label={t.t('st_subs_status')}>
                    <span className={`badge sub-${s.status}`}>{t.t(`st_subs_status_${s.status}`)}</span>
                    <br />
                    <small className="muted">
                      {t.t('st_subs_pay_by_is', {
                        way: t.t(s.pay_by === 'wallet' ? 'st_subs_pay_wallet' : 'st_subs_pay_card'),
                      })}
                    </small>
                  </td>
                  <td data-label={t.t('st_subs_last_run')}>
                    <LastRun t={t} run={s.last_run} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 && (
        <nav className="pager" aria-label={t.t('st_subs_pages')}>
          {list.page > 1 && <a href={viewHref(view, list.page - 1)}>{t.t('st_subs_previous')}</a>}
          <span>{t.t('st_subs_page', { page: t.n(list.page), pages: t.n(pages) })}</span>
          {list.page < pages && <a href={viewHref(view, list.page + 1)}>{t.t('st_subs_next_page')}</a>}
        </nav>
      )}
      <DiscountForm t={t} me={me} discount={list.discount} state={state} />
    </Layout>
  );
}
