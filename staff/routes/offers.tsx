// Gifts and offers (decision 33): promotions listed, created, edited and deactivated
// through plain forms, like the coupons (routes/promotions.tsx).
import { Hono, type Context } from 'hono';
import { promotionInputSchema } from '#shared/api/promotion-schemas';
import type { StaffAppEnv } from '../app-env';
import { staffApi } from '../lib/api';
import { html } from '../lib/render';
import { staffPage } from '../middleware/guards';
import type { PromotionAnswer, PromotionList, PromotionView } from '#shared/api/promotion-view';
import { OfferFormPage, OffersPage } from '../pages/Offers';
import type { FormState } from '../pages/Customers';
import { apiFailurePage } from './failure';
import { formFields } from './customers';

async function offerPage(c: Context<StaffAppEnv>, id: string | null, state?: FormState, status = 200) {
  let offer: PromotionView | null = null;
  if (id) {
    const answer = await staffApi<PromotionAnswer>(c, 'GET', `/staff/promotions/${id}`);
    if (answer.status !== 200) return apiFailurePage(c, answer.status);
    offer = answer.envelope.data.promotion;
  }
  return html(c, <OfferFormPage t={c.var.t} nonce={c.var.nonce} me={c.var.me} offer={offer} state={state} />, status);
}

async function save(c: Context<StaffAppEnv>, id: string | null) {
  const values = await formFields(c);
  const input = promotionInputSchema.safeParse(values);
  if (!input.success) return offerPage(c, id, { error: 'validation_failed', values }, 400);
  const answer = await staffApi<{ id: number }>(
    c,
    'POST',
    id ? `/staff/promotions/${id}` : '/staff/promotions',
    input.data,
  );
  if (answer.status === 401 || answer.status === 403 || answer.status === 404) return apiFailurePage(c, answer.status);
  if (answer.status !== 200) return offerPage(c, id, { error: answer.envelope.meta.msg, values }, answer.status);
  return c.redirect(`/offers/${answer.envelope.data.id}?done=saved`, 303);
}

const done = (c: Context<StaffAppEnv>) =>
  c.req.query('done') === 'saved' ? { done: c.var.t.t('st_offers_saved') } : undefined;

export const offerRoutes = new Hono<StaffAppEnv>()
  .get('/offers', staffPage('promotions:read'), async (c) => {
    const answer = await staffApi<PromotionList>(c, 'GET', '/staff/promotions');
    if (answer.status !== 200) return apiFailurePage(c, answer.status);
    return html(
      c,
      <OffersPage t={c.var.t} nonce={c.var.nonce} me={c.var.me} offers={answer.envelope.data.promotions} />,
    );
  })
  .get('/offers/new', staffPage('promotions:write'), (c) => offerPage(c, null))
  .post('/offers/new', staffPage('promotions:write'), (c) => save(c, null))
  .get('/offers/:id{[0-9]{1,15}}', staffPage('promotions:read'), (c) => offerPage(c, c.req.param('id'), done(c)))
  .post('/offers/:id{[0-9]{1,15}}', staffPage('promotions:write'), (c) => save(c, c.req.param('id')))
  .post('/offers/:id{[0-9]{1,15}}/active', staffPage('promotions:write'), async (c) => {
    const id = c.req.param('id');
    const values = await formFields(c);
    const answer = await staffApi(c, 'POST', `/staff/promotions/${id}/active`, { active: values.active === 'true' });
    if (answer.status !== 200) return apiFailurePage(c, answer.status);
    return c.redirect(`/offers/${id}?done=saved`, 303);
  });
