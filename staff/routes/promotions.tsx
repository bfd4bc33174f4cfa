// Promotions: coupons listed, created, edited and deactivated through plain forms.
import { Hono, type Context } from 'hono';
import { couponFormInput, couponInputSchema } from '#shared/api/people-schemas';
import type { StaffAppEnv } from '../app-env';
import { staffApi } from '../lib/api';
import { html } from '../lib/render';
import { staffPage } from '../middleware/guards';
import { CouponFormPage, CouponsPage } from '../pages/Promotions';
import type { CouponAnswer, CouponList, CouponView } from '#shared/api/promotion-view';
import type { FormState } from '../pages/Customers';
import { apiFailurePage } from './failure';
import { formFields } from './customers';

async function couponPage(c: Context<StaffAppEnv>, id: string | null, state?: FormState, status = 200) {
  let coupon: CouponView | null = null;
  if (id) {
    const answer = await staffApi<CouponAnswer>(c, 'GET', `/staff/coupons/${id}`);
    if (answer.status !== 200) return apiFailurePage(c, answer.status);
    coupon = answer.envelope.data.coupon;
  }
  return html(
    c,
    <CouponFormPage t={c.var.t} nonce={c.var.nonce} me={c.var.me} coupon={coupon} state={state} />,
    status,
  );
}

async function save(c: Context<StaffAppEnv>, id: string | null) {
  const values = await formFields(c);
  const input = couponInputSchema.safeParse(couponFormInput(values));
  if (!input.success) return couponPage(c, id, { error: 'validation_failed', values }, 400);
  const answer = await staffApi<{ id: number }>(c, 'POST', id ? `/staff/coupons/${id}` : '/staff/coupons', input.data);
  if (answer.status === 401 || answer.status === 403 || answer.status === 404) return apiFailurePage(c, answer.status);
  if (answer.status !== 200) return couponPage(c, id, { error: answer.envelope.meta.msg, values }, answer.status);
  return c.redirect(`/promotions/${answer.envelope.data.id}?done=saved`, 303);
}

const done = (c: Context<StaffAppEnv>) =>
  c.req.query('done') === 'saved' ? { done: c.var.t.t('st_promotions_saved') } : undefined;

export const promotionRoutes = new Hono<StaffAppEnv>()
  .get('/promotions', staffPage('promotions:read'), async (c) => {
    const answer = await staffApi<CouponList>(c, 'GET', '/staff/coupons');
    if (answer.status !== 200) return apiFailurePage(c, answer.status);
    return html(
      c,
      <CouponsPage t={c.var.t} nonce={c.var.nonce} me={c.var.me} coupons={answer.envelope.data.coupons} />,
    );
  })
  .get('/promotions/new', staffPage('promotions:write'), (c) => couponPage(c, null))
  .post('/promotions/new', staffPage('promotions:write'), (c) => save(c, null))
  .get('/promotions/:id{[0-9]{1,15}}', staffPage('promotions:read'), (c) => couponPage(c, c.req.param('id'), done(c)))
  .post('/promotions/:id{[0-9]{1,15}}', staffPage('promotions:write'), (c) => save(c, c.req.param('id')))
  .post('/promotions/:id{[0-9]{1,15}}/active', staffPage('promotions:write'), async (c) => {
    const id = c.req.param('id');
    const values = await formFields(c);
    const answer = await staffApi(c, 'POST', `/staff/coupons/${id}/active`, { active: values.active === 'true' });
    if (answer.status !== 200) return apiFailurePage(c, answer.status);
    return c.redirect(`/promotions/${id}?done=saved`, 303);
  });
