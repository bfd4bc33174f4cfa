// The returns queue's pages (issue 62): returns:manage; each form handed to the API as JSON, then
// Post/Redirect/Get; a refusal shows the return again with the API's message. Photos and the label
// stream through from the API as they came.
import { type Context, Hono } from 'hono';
import type { ReturnList, StaffReturn } from '#shared/api/staff-return-responses';
import type { StaffAppEnv } from '../app-env';
import { staffApi } from '../lib/api';
import { html } from '../lib/render';
import { staffPage } from '../middleware/guards';
import { ReturnPage, ReturnsListPage } from '../pages/Returns';
import { formFields } from './customers';
import { apiFailurePage } from './failure';

type C = Context<StaffAppEnv>;

async function detail(c: C, id: string, state?: { error?: string; done?: string }, status = 200) {
  const answer = await staffApi<StaffReturn>(c, 'GET', `/staff/returns/${id}`);
  if (answer.status !== 200) return apiFailurePage(c, answer.status);
  return html(
    c,
    <ReturnPage t={c.var.t} nonce={c.var.nonce} me={c.var.me} ret={answer.envelope.data} state={state} />,
    status,
  );
}

function step(name: string, body: (v: Record<string, string>) => unknown) {
  return async (c: C) => {
    const id = c.req.param('id')!;
    const values = await formFields(c);
    const answer = await staffApi(c, 'POST', `/staff/returns/${id}/${name}`, body(values));
    if (answer.status === 401 || answer.status === 403 || answer.status === 404)
      return apiFailurePage(c, answer.status);
    if (answer.status !== 200) return detail(c, id, { error: answer.envelope.meta.msg }, answer.status);
    return c.redirect(`/returns/${id}?done=1`, 303);
  };
}

async function passThrough(c: C, path: string) {
  const answer = await staffApi(c, 'GET', path);
  if (answer.status !== 200 || !answer.raw?.body) return apiFailurePage(c, answer.status);
  const headers = new Headers();
  for (const name of ['content-type', 'content-disposition', 'cache-control', 'content-security-policy'])
    if (answer.raw.headers.get(name)) headers.set(name, answer.raw.headers.get(name)!);
  headers.set('x-content-type-options', 'nosniff');
  return new Response(answer.raw.body, { headers });
}

export const returnRoutes = new Hono<StaffAppEnv>()
  .get('/returns', staffPage('returns:manage'), async (c) => {
    const query: Record<string, string> = {};
    for (const k of ['status', 'country', 'q', 'page']) {
      const v = c.req.query(k);
      if (v) query[k] = v;
    }
    const answer = await staffApi<ReturnList>(
      c,
      'GET',
      `/staff/returns${Object.keys(query).length ? `?${new URLSearchParams(query)}` : ''}`,
    );
    if (answer.status !== 200) return apiFailurePage(c, answer.status);
    return html(
      c,
      <ReturnsListPage t={c.var.t} nonce={c.var.nonce} me={c.var.me} rows={answer.envelope.data.items} query={query} />,
    );
  })
  .get('/returns/:id{[0-9]+}', staffPage('returns:manage'), (c) =>
    detail(c, c.req.param('id'), c.req.query('done') ? { done: c.var.t.t('st_return_done') } : undefined),
  )
  .get('/returns/:id{[0-9]+}/photos/:photoId{[0-9a-f]{32}}', staffPage('returns:manage'), (c) =>
    passThrough(c, `/staff/returns/${c.req.param('id')}/photos/${c.req.param('photoId')}`),
  )
  .get('/returns/:id{[0-9]+}/label', staffPage('returns:manage'), (c) =>
    passThrough(c, `/staff/returns/${c.req.param('id')}/label`),
  )
  .post(
    '/returns/:id{[0-9]+}/receive',
    staffPage('returns:manage'),
    step('receive', (v) => ({ note: v.note || undefined })),
  )
  .post(
    '/returns/:id{[0-9]+}/inspect',
    staffPage('returns:manage'),
    step('inspect', (v) => ({
      items: Object.entries(v)
        .filter(([k]) => /^resellable_\d+$/.test(k))
        .map(([k, value]) => ({ sku_id: Number(k.slice('resellable_'.length)), resellable: value === '1' })),
    })),
  )
  .post(
    '/returns/:id{[0-9]+}/refund',
    staffPage('returns:manage'),
    step('refund', (v) => ({ method: v.method === 'wallet' ? 'wallet' : 'gateway' })),
  )
  .post(
    '/returns/:id{[0-9]+}/reject',
    staffPage('returns:manage'),
    step('reject', (v) => ({ reason: v.reason ?? '' })),
  )
  .post(
    '/returns/:id{[0-9]+}/parcel',
    staffPage('returns:manage'),
    step('parcel', () => ({})),
  );
