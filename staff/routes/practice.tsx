// The nutritionist's side of the back office (issue 46): the day, weekly hours and days off, a
// booking with its health part (the consultation's own nutritionist only; the API decides), notes,
// summary, the recommendation list, sharing, outcome marks, and the owner's earnings. Plain forms,
// Post/Redirect/Get; the API checks every permission and ownership again.
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { StaffAppEnv } from '../app-env';
import { type Form, formOf, messageOf, notesOf, withNote } from '../lib/notes';
import { staffApi, type ApiAnswer } from '../lib/api';
import { html } from '../lib/render';
import { safeBack } from '../lib/safe-back';
import { staffPage } from '../middleware/guards';
import { apiFailurePage } from './failure';
import { monthReportCsv, monthReportPage } from './month-report';
import type { Notes, PracticeDoneKey } from '../pages/practice/common';
import { DayPage } from '../pages/practice/Day';
import { HoursPage, type HoursDraftRow } from '../pages/practice/Hours';
import { BookingPage, type PendingItem, type WarningView } from '../pages/practice/Booking';
import { EarningsPage } from '../pages/practice/Earnings';
import type {
  BookingView,
  DayView,
  EarningsView,
  ScheduleView,
  ProductSearch,
  SearchHitView,
} from '#shared/consultations/practice-views';
import { MessagePage } from '../pages/Message';

/** An account of role nutritionist not linked to a nutritionist yet: said as such, not "not found". */
function notLinked(c: Context<StaffAppEnv>, answer: ApiAnswer<unknown>) {
  if (answer.status !== 404 || answer.envelope.meta.msg !== 'practice_not_linked') return null;
  const t = c.var.t;
  return html(
    c,
    <MessagePage
      t={t}
      nonce={c.var.nonce}
      me={c.var.me}
      title="st_practice_not_linked_title"
      body={t.tKey('practice_not_linked')}
    />,
    404,
  );
}

/** The API's answer to a form as a redirect back with a note (or the failure page). */
function after(
  c: Context<StaffAppEnv>,
  answer: ApiAnswer<{ changed?: boolean } | null>,
  back: string,
  done: PracticeDoneKey,
) {
  if (answer.status === 401 || answer.status === 403 || answer.status === 404) return apiFailurePage(c, answer.status);
  if (answer.status >= 500) throw new Error(`staff API answered ${answer.status}`);
  if (answer.status !== 200) return c.redirect(withNote(back, 'error', messageOf(answer)), 303);
  return c.redirect(withNote(back, 'done', answer.envelope.data?.changed === false ? 'unchanged' : done), 303);
}

const who = (form: Form) => (form.nutritionist_id ? { nutritionist_id: form.nutritionist_id } : {});

function hoursRows(form: Form): HoursDraftRow[] {
  const n = Math.min(Number(form.rows) || 0, 80);
  const rows: HoursDraftRow[] = [];
  for (let i = 0; i < n; i++) {
    const row = {
      weekday: form[`weekday_${i}`] ?? '',
      start: form[`start_${i}`] ?? '',
      end: form[`end_${i}`] ?? '',
      service_id: form[`service_${i}`] ?? '',
    };
    // A row with nothing chosen is a blank one: dropped.
    if (row.weekday !== '' || row.start !== '' || row.end !== '') rows.push(row);
  }
  return rows;
}

async function hoursPage(
  c: Context<StaffAppEnv>,
  nutritionistId: string | undefined,
  notes: Notes,
  draft?: HoursDraftRow[],
  status = 200,
) {
  const answer = await staffApi<ScheduleView>(
    c,
    'GET',
    `/staff/consultations/hours${nutritionistId ? `?nutritionist_id=${encodeURIComponent(nutritionistId)}` : ''}`,
  );
  const unlinked = notLinked(c, answer);
  if (unlinked) return unlinked;
  if (answer.status !== 200) return apiFailurePage(c, answer.status);
  return html(
    c,
    <HoursPage t={c.var.t} nonce={c.var.nonce} me={c.var.me} data={answer.envelope.data} notes={notes} draft={draft} />,
    status,
  );
}

async function bookingPage(c: Context<StaffAppEnv>, id: string, notes: Notes, pending?: PendingItem, status = 200) {
  const answer = await staffApi<BookingView>(c, 'GET', `/staff/consultations/${id}`);
  if (answer.status !== 200) return apiFailurePage(c, answer.status);
  const data = answer.envelope.data;
  const q = (c.req.query('q') ?? '').trim().slice(0, 80);
  let hits: SearchHitView[] | null = null;
  if (q && data.health && data.status !== 'cancelled') {
    const search = await staffApi<ProductSearch>(
      c,
      'GET',
      `/staff/consultations/${id}/products?q=${encodeURIComponent(q)}`,
    );
    if (search.status === 200) hits = search.envelope.data.hits;
  }
  return html(
    c,
    <BookingPage
      t={c.var.t}
      nonce={c.var.nonce}
      me={c.var.me}
      data={data}
      notes={notes}
      q={q}
      hits={hits}
      pending={pending}
    />,
    status,
  );
}

/** The saved list as the API takes it back (its texts opened on the booking read). */
async function savedList(c: Context<StaffAppEnv>, id: string) {
  const answer = await staffApi<BookingView>(c, 'GET', `/staff/consultations/${id}`);
  if (answer.status !== 200 || !answer.envelope.data.health_data) return { answer, items: null };
  return {
    answer,
    items: answer.envelope.data.health_data.recommendations.map((r) => ({
      sku_id: r.sku_id,
      quantity: r.quantity,
      servings_per_day: r.servings_per_day,
      dose: r.dose,
      reason: r.reason,
      acknowledged_reason: r.acknowledged_reason ?? '',
    })),
  };
}

export const practiceRoutes = new Hono<StaffAppEnv>()
  .get('/consultations', staffPage('consultations:read'), async (c) => {
    const query = new URLSearchParams();
    const date = c.req.query('date');
    const nutritionist = c.req.query('nutritionist_id');
    if (date) query.set('date', date);
    if (nutritionist) query.set('nutritionist_id', nutritionist);
    const answer = await staffApi<DayView>(c, 'GET', `/staff/consultations/day${query.size ? `?${query}` : ''}`);
    if (answer.status === 400 && query.size) return c.redirect('/consultations?error=date_invalid', 303);
    const unlinked = notLinked(c, answer);
    if (unlinked) return unlinked;
    if (answer.status !== 200) return apiFailurePage(c, answer.status);
    return html(
      c,
      <DayPage t={c.var.t} nonce={c.var.nonce} me={c.var.me} data={answer.envelope.data} notes={notesOf(c)} />,
    );
  })
  .get('/consultations/hours', staffPage('consultations:read'), (c) =>
    hoursPage(c, c.req.query('nutritionist_id'), notesOf(c)),
  )
  .post('/consultations/hours', staffPage('consultations:write'), async (c) => {
    const form = await formOf(c);
    const rows = hoursRows(form);
    const answer = await staffApi<{ changed: boolean }>(c, 'POST', '/staff/consultations/hours', {
      ...who(form),
      hours: rows.map((r) => ({ weekday: r.weekday, start: r.start, end: r.end, service_id: r.service_id })),
    });
    // A refused week is shown again as typed, with the reason.
    if (answer.status === 400) return hoursPage(c, form.nutritionist_id, { error: messageOf(answer) }, rows, 400);
    return after(c, answer, safeBack(form.back ?? '/consultations/hours'), 'hours');
  })
  .post('/consultations/days-off', staffPage('consultations:write'), async (c) => {
    const form = await formOf(c);
    const answer = await staffApi<{ changed: boolean }>(c, 'POST', '/staff/consultations/daysOff', {
      ...who(form),
      date: form.date ?? '',
    });
    return after(c, answer, safeBack(form.back ?? '/consultations/hours'), 'day_off');
  })
  .post('/consultations/days-off/remove', staffPage('consultations:write'), async (c) => {
    const form = await formOf(c);
    const answer = await staffApi<{ changed: boolean }>(c, 'POST', '/staff/consultations/daysOff/remove', {
      ...who(form),
      date: form.date ?? '',
    });
    return after(c, answer, safeBack(form.back ?? '/consultations/hours'), 'day_off_removed');
  })
  .get('/consultations/earnings', staffPage('consultations:manage'), (c) =>
    monthReportPage<EarningsView>(
      c,
      { page: '/consultations/earnings', report: '/staff/consultations/earnings' },
      (data, months) => <EarningsPage t={c.var.t} nonce={c.var.nonce} me={c.var.me} data={data} months={months} />,
    ),
  )
  .get('/consultations/earnings.csv', staffPage('consultations:manage'), (c) =>
    monthReportCsv(c, '/staff/consultations/earnings/csv'),
  )
  .get('/consultations/:id{[0-9]{1,15}}', staffPage('consultations:read'), (c) =>
    bookingPage(c, c.req.param('id'), notesOf(c)),
  )
  .get(
    '/consultations/:id{[0-9]{1,15}}/results/:upload{[0-9]{1,15}}/files/:fileId{[0-9a-f]+}',
    staffPage('consultations:read'),
    async (c) => {
      // A file of a result she shared: the API decides who may open it (her own nutritionist only).
      const { id, upload, fileId } = c.req.param();
      const answer = await staffApi(c, 'GET', `/staff/consultations/${id}/uploads/${upload}/files/${fileId}`);
      if (answer.status !== 200 || !answer.raw?.body)
        return apiFailurePage(c, answer.status === 200 ? 502 : answer.status);
      const headers = new Headers();
      for (const name of [
        'content-type',
        'content-length',
        'content-disposition',
        'content-security-policy',
        'x-content-type-options',
        'cache-control',
      ]) {
        const value = answer.raw.headers.get(name);
        if (value) headers.set(name, value);
      }
      return new Response(answer.raw.body, { headers });
    },
  )
  .post('/consultations/:id{[0-9]{1,15}}/notes', staffPage('consultations:write'), async (c) => {
    const id = c.req.param('id');
    const form = await formOf(c);
    const answer = await staffApi<{ changed: boolean }>(c, 'POST', `/staff/consultations/${id}/notes`, {
      notes: form.notes ?? '',
      summary: form.summary ?? '',
    });
    return after(c, answer, `/consultations/${id}`, 'notes');
  })
  .post('/consultations/:id{[0-9]{1,15}}/recommendations/add', staffPage('consultations:write'), async (c) => {
    const id = c.req.param('id');
    const form = await formOf(c);
    const { answer: read, items } = await savedList(c, id);
    if (!items) return apiFailurePage(c, read.status === 200 ? 404 : read.status);
    const item = {
      sku_id: form.sku_id ?? '',
      quantity: form.quantity ?? '1',
      servings_per_day: form.servings_per_day ?? '1',
      dose: form.dose ?? '',
      reason: form.reason ?? '',
      acknowledged_reason: form.acknowledged_reason ?? '',
    };
    // The same product again replaces its line (a new dose, a new reason).
    const list = [...items.filter((i) => String(i.sku_id) !== item.sku_id), item];
    const answer = await staffApi<{ changed: boolean; items?: { sku_id: number; warnings: WarningView[] }[] }>(
      c,
      'POST',
      `/staff/consultations/${id}/recommendations`,
      { items: list },
    );
    if (answer.status === 422 && answer.envelope.meta.msg === 'practice_warning_unacknowledged') {
      const mine = answer.envelope.data?.items?.find((x) => String(x.sku_id) === item.sku_id);
      const pending: PendingItem = {
        ...item,
        product_name: (form.name ?? '').slice(0, 200) || c.var.t.t('st_practice_sku', { id: item.sku_id }),
        warnings: mine?.warnings ?? [],
      };
      return bookingPage(c, id, {}, pending, 422);
    }
    const back = form.q ? `/consultations/${id}?q=${encodeURIComponent(form.q)}` : `/consultations/${id}`;
    return after(c, answer, back, 'list');
  })
  .post('/consultations/:id{[0-9]{1,15}}/recommendations/remove', staffPage('consultations:write'), async (c) => {
    const id = c.req.param('id');
    const form = await formOf(c);
    const { answer: read, items } = await savedList(c, id);
    if (!items) return apiFailurePage(c, read.status === 200 ? 404 : read.status);
    const answer = await staffApi<{ changed: boolean }>(c, 'POST', `/staff/consultations/${id}/recommendations`, {
      items: items.filter((i) => String(i.sku_id) !== form.sku_id),
    });
    return after(c, answer, `/consultations/${id}`, 'list');
  })
  .post('/consultations/:id{[0-9]{1,15}}/share', staffPage('consultations:write'), async (c) => {
    const id = c.req.param('id');
    const answer = await staffApi<{ changed: boolean }>(c, 'POST', `/staff/consultations/${id}/share`, {});
    return after(c, answer, `/consultations/${id}`, 'shared');
  })
  .post('/consultations/:id{[0-9]{1,15}}/mark', staffPage('consultations:write'), async (c) => {
    const id = c.req.param('id');
    const form = await formOf(c);
    const answer = await staffApi<{ changed: boolean }>(c, 'POST', `/staff/consultations/${id}/mark`, {
      outcome: form.outcome ?? '',
    });
    return after(c, answer, `/consultations/${id}`, 'marked');
  });
