// /order-lookup: guests find an order without an account. With ?key= (the link of the success page,
// the confirmation mail or a lookup) it shows that order; without, a form takes the order number and
// the e-mail it was placed with. The API answers a wrong number and a wrong e-mail alike, and an
// account's order only to its owner signed in: the form then offers her the sign-in.
import '../styles/account.css';
import '../styles/orders.css';
import {
  Link,
  useLoaderData,
  useNavigate,
  useRevalidator,
  useSearchParams,
  type LoaderFunctionArgs,
} from 'react-router';
import { ApiFailure } from '#shared/api/client';
import { formatDate } from '#shared/text/dates';
import type { OrderView } from '#shared/orders/types';
import { apiContext } from '../boot';
import { useI18n } from '../i18n/context';
import { useHref } from '../lib/locale';
import { OrderActions } from '../orders/OrderActions';
import { OrderSummary } from '../orders/OrderSummary';
import { OrderTimeline } from '../orders/OrderTimeline';
import { Redelivery } from '../orders/Redelivery';
import { useSnapshot } from 'valtio';
import { openAuthModal } from '../stores/auth-modal';
import { useSessionStore } from '../stores/session';
import { Field, FormAlerts, useForm } from '../ui/form';
import { Page } from '../ui/Page';
import type { PageDeclaration } from '../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = {
  group: 'account',
  texts: ['orders', 'accounts', 'tracking', 'returns'],
  siteIndex: 'help',
} satisfies PageDeclaration;

type Data = { order: OrderView | null; missing: boolean };

export async function loader(args: LoaderFunctionArgs): Promise<Data> {
  const key = new URL(args.request.url).searchParams.get('key');
  if (!key) return { order: null, missing: false };
  if (!/^[0-9a-f]{64}$/.test(key)) return { order: null, missing: true };
  try {
    return { order: (await args.context.get(apiContext).get<OrderView>(`/order/link/${key}`)).data, missing: false };
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 404) return { order: null, missing: true };
    throw error;
  }
}

export function Component() {
  const { t } = useI18n();
  const { order, missing } = useLoaderData() as Data;
  return (
    <Page title={order ? t('order_details', { id: order.id }) : t('page_order_lookup')} seo={{ noindex: true }}>
      {order ? <Found order={order} /> : <LookupForm missing={missing} />}
    </Page>
  );
}

function Found({ order }: { order: OrderView }) {
  const { t, lang } = useI18n();
  const href = useHref();
  const [params] = useSearchParams();
  const revalidator = useRevalidator();
  return (
    <>
      <p data-testid="lookup-status">
        {t('order_lookup_status')}:{' '}
        <span className={`status status-${order.status}`}>{t(`status_${order.status}`)}</span> ·{' '}
        {t('order_placed_on', { date: formatDate(order.created_at, lang, order.country) })}
      </p>
      {/* Awaiting payment or failed: the same Pay now / Cancel as the success and order pages; the
          link in the address proves the guest on any device (an account's order has no actions here). */}
      <OrderActions
        order={order}
        linkKey={params.get('key') ?? undefined}
        onCancelled={() => revalidator.revalidate()}
      />
      <Redelivery order={order} linkKey={params.get('key') ?? undefined} onDone={() => revalidator.revalidate()} />
      <OrderTimeline order={order} />
      <OrderSummary order={order} />
      <p>
        <Link to={href('/order-lookup')}>{t('order_lookup_again')}</Link>
      </p>
    </>
  );
}

function LookupForm({ missing }: { missing: boolean }) {
  const { t } = useI18n();
  const href = useHref();
  const navigate = useNavigate();
  const form = useForm({
    id: 'order-lookup',
    schema: () => import('#shared/api/order-schemas').then((m) => m.orderLookupSchema),
    initial: { order_id: '', email: '' },
    fields: {
      order_id: { label: 'order_lookup_number_label' },
      email: { label: 'order_lookup_email_label', noun: 'account_email_noun' },
    },
    endpoint: '/order/lookup',
    onSuccess: (data) => navigate(`${href('/order-lookup')}?key=${(data as { key: string }).key}`),
  });
  const { user } = useSnapshot(useSessionStore());
  const toOrder = () => navigate(`${href('/profile/orders')}?id=${String(form.values.order_id).replace(/\D/g, '')}`);
  return (
    <form
      ref={form.formRef}
      className="auth-form"
      method="post"
      noValidate
      onSubmit={form.submit}
      data-testid="order-lookup-form"
    >
      <p>{t('order_lookup_intro')}</p>
      {missing && !form.serverError && (
        <div className="form-alert" role="alert">
          <p>{t('order_lookup_not_found')}</p>
        </div>
      )}
      <FormAlerts form={form} />
      {/* An account's order is shown to its owner signed in (the API's order_lookup_sign_in): her way
          there, to that order's page, at once when she is signed in already, else once she is in. */}
      {form.serverKey === 'order_lookup_sign_in' && (
        <button
          type="button"
          className="button button-secondary wide-button"
          data-testid="order-lookup-sign-in"
          onClick={() => (user ? toOrder() : openAuthModal({ onSuccess: toOrder }))}
        >
          {t(user ? 'page_profile_orders' : 'sign_in')}
        </button>
      )}
      <Field form={form} name="order_id" required>
        {(p) => <input {...p} type="text" inputMode="numeric" autoComplete="off" dir="ltr" />}
      </Field>
      <Field form={form} name="email" required>
        {(p) => <input {...p} type="email" autoComplete="email" inputMode="email" dir="ltr" />}
      </Field>
      <button type="submit" className="button wide-button" disabled={!form.ready}>
        {t('order_lookup_submit')}
      </button>
    </form>
  );
}
