// Subscribe and save (decision 45): the three lists with their pages, and the shop's discount. Reading
// needs orders:read; the discount, like the shop's other prices offers, promotions:write. The form is
// checked here with the API's own schema and handed on; Post/Redirect/Get on success.
import { Hono, type Context } from 'hono';
import { staffSubscriptionQuerySchema, subscriptionSettingsSchema } from '#shared/subscriptions/schemas';
import type { StaffAppEnv } from '../app-env';
import { staffApi } from '../lib/api';
import { html } from '../lib/render';
import { staffPage } from '../middleware/guards';
import type { FormState } from '../pages/Customers';
import type { StaffSubscriptionList } from '#shared/subscriptions/staff-responses';
import { SubscriptionsPage } from '../pages/Subscriptions';
import { formFields } from './customers';
import { apiFailurePage } from './failure';

type C = Context<StaffAppEnv>;

async function listPage(c: C, query: Record<string, string>, state?: FormState, status = 200) {
  const parsed = staffSubscriptionQuerySchema.safeParse(query);
  const { view, page } = parsed.success ? parsed.data : { view: 'all' as const, page: 1 };
  const answer = await staffApi<StaffSubscriptionList>(c, 'GET', `/staff/subscriptions?view=${view}&page=${page}`);
  if (answer.status !== 200) return apiFailurePage(c, answer.status);
  return html(
    c,
    <SubscriptionsPage t={c.var.t} nonce={c.var.nonce} me={c.var.me} list={answer.envelope.data} state={state} />,
    status,
  );
}

export const subscriptionRoutes = new Hono<StaffAppEnv>()
  .get('/subscriptions', staffPage('orders:read'), (c) =>
    listPage(
      c,
      c.req.query(),
      c.req.query('done') === 'saved' ? { done: c.var.t.t('subscription_settings_saved') } : undefined,
    ),
  )
  .post('/subscriptions/settings', staffPage('promotions:write'), async (c) => {
    const values = await formFields(c);
    const input = subscriptionSettingsSchema.safeParse({ discount: (values.discount ?? '').trim() || undefined });
    if (!input.success)
      return listPage(c, {}, { error: input.error.issues[0]?.message ?? 'validation_failed', values }, 400);
    const answer = await staffApi(c, 'POST', '/staff/subscriptions/settings', input.data);
    if (answer.status === 401 || answer.status === 403 || answer.status === 404)
      return apiFailurePage(c, answer.status);
    if (answer.status !== 200) return listPage(c, {}, { error: answer.envelope.meta.msg, values }, answer.status);
    return c.redirect('/subscriptions?done=saved', 303);
  });
