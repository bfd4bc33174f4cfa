// The Blood tests area's pages: visits of the day, results with second-person approval,
// tests and prices, capacity and blackout days. Plain forms, Post/Redirect/Get; the API checks each
// permission and country again and audits every view of health data.
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { StaffAppEnv } from '../app-env';
import { type Form, formOf, messageOf, notesOf, withNote } from '../lib/notes';
import { staffApi } from '../lib/api';
import { html } from '../lib/render';
import { safeBack } from '../lib/safe-back';
import { staffPage } from '../middleware/guards';
import { apiFailurePage } from './failure';
import type { DoneKey, Notes } from '../pages/lab/common';
import { VisitsPage } from '../pages/lab/Visits';
import { ResultsListPage } from '../pages/lab/ResultsList';
import { ResultsPage, type Draft } from '../pages/lab/Results';
import { TestsPage } from '../pages/lab/Tests';
import { CapacityPage } from '../pages/lab/Capacity';
import { NursesPage } from '../pages/lab/Nurses';
import type {
  CapacityData,
  NursesData,
  OrderResultsData,
  PendingResults,
  TestsData,
  VisitsData,
} from '#shared/api/staff-lab-responses';
import { countriesFor } from '#shared/staff/permissions';
import { COUNTRY_CODES } from '#shared/locale';

/** Calls the API with the form's action and goes back with a note (Post/Redirect/Get). */
async function act(c: Context<StaffAppEnv>, path: string, body: unknown, back: string, done: DoneKey) {
  const answer = await staffApi<{ changed?: number | boolean }>(c, 'POST', path, body);
  if (answer.status === 401 || answer.status === 403) return apiFailurePage(c, answer.status);
  if (answer.status >= 500) throw new Error(`staff API answered ${answer.status}`);
  if (answer.status !== 200) return c.redirect(withNote(back, 'error', messageOf(answer)), 303);
  const unchanged = answer.envelope.data?.changed === 0 || answer.envelope.data?.changed === false;
  return c.redirect(withNote(back, 'done', unchanged ? 'unchanged' : done), 303);
}

/** The results form's rows: one per biomarker with a value typed; unit, range and comment beside it. */
function resultLines(form: Form) {
  return Object.keys(form)
    .filter((k) => /^value_\d+$/.test(k) && form[k]!.trim() !== '')
    .map((k) => {
      const id = k.slice('value_'.length);
      return {
        biomarker_id: Number(id),
        value: form[k]!,
        unit: form[`unit_${id}`] ?? '',
        ref_low: form[`low_${id}`] ?? '',
        ref_high: form[`high_${id}`] ?? '',
        comment: form[`comment_${id}`] ?? '',
      };
    });
}

async function resultsPage(c: Context<StaffAppEnv>, id: string, notes: Notes, draft?: Draft, status = 200) {
  const answer = await staffApi<OrderResultsData>(c, 'GET', `/staff/results/${id}`);
  if (answer.status !== 200) return apiFailurePage(c, answer.status);
  return html(
    c,
    <ResultsPage
      t={c.var.t}
      nonce={c.var.nonce}
      me={c.var.me}
      data={answer.envelope.data}
      notes={notes}
      draft={draft}
    />,
    status,
  );
}

export const labRoutes = new Hono<StaffAppEnv>()
  .get('/lab/visits', staffPage('visits:read'), async (c) => {
    const query = new URLSearchParams();
    const date = c.req.query('date');
    const zone = c.req.query('zone');
    if (date) query.set('date', date);
    if (zone) query.set('zone', zone);
    const answer = await staffApi<VisitsData>(c, 'GET', `/staff/visits${query.size ? `?${query}` : ''}`);
    // A hand-typed date or zone that is not one: today's list with the reason.
    if (answer.status === 400 && query.size) return c.redirect('/lab/visits?error=date_invalid', 303);
    if (answer.status !== 200) return apiFailurePage(c, answer.status);
    return html(
      c,
      <VisitsPage t={c.var.t} nonce={c.var.nonce} me={c.var.me} data={answer.envelope.data} notes={notesOf(c)} />,
    );
  })
  .post('/lab/visits/collect', staffPage('visits:collect'), async (c) => {
    const form = await formOf(c);
    return act(
      c,
      '/staff/visits/collect',
      { order_id: form.order_id },
      safeBack(form.back ?? '/lab/visits'),
      'collected',
    );
  })
  .post('/lab/visits/nurse', staffPage('visits:collect'), async (c) => {
    const form = await formOf(c);
    const body = { order_id: form.order_id, nurse_id: form.nurse_id };
    return act(c, '/staff/visits/nurse', body, safeBack(form.back ?? '/lab/visits'), 'nurse');
  })
  .post('/lab/visits/confirm', staffPage('visits:collect'), async (c) => {
    const form = await formOf(c);
    return act(
      c,
      '/staff/visits/confirm',
      { order_id: form.order_id },
      safeBack(form.back ?? '/lab/visits'),
      'confirmed',
    );
  })
  .get('/lab/nurses', staffPage('bloodtests:read'), async (c) => {
    const answer = await staffApi<NursesData>(c, 'GET', '/staff/nurses');
    if (answer.status !== 200) return apiFailurePage(c, answer.status);
    const countries = countriesFor(c.var.me.grants, 'bloodtests:write') ?? [...COUNTRY_CODES];
    return html(
      c,
      <NursesPage
        t={c.var.t}
        nonce={c.var.nonce}
        me={c.var.me}
        nurses={answer.envelope.data.nurses}
        countries={countries}
        notes={notesOf(c)}
      />,
    );
  })
  .post('/lab/nurses', staffPage('bloodtests:write'), async (c) => {
    const f = await formOf(c);
    const body = { country: f.country, name: f.name ?? '', phone: f.phone ?? '' };
    return act(c, '/staff/nurses', body, '/lab/nurses', 'nurse_added');
  })
  .post('/lab/nurses/active', staffPage('bloodtests:write'), async (c) => {
    const f = await formOf(c);
    return act(c, '/staff/nurses/active', { nurse_id: f.nurse_id, active: f.active }, '/lab/nurses', 'nurse_active');
  })
  .post('/lab/visits/at-lab', staffPage('visits:collect'), async (c) => {
    const form = await formOf(c);
    return act(c, '/staff/visits/atLab', { order_id: form.order_id }, safeBack(form.back ?? '/lab/visits'), 'at_lab');
  })
  .get('/lab/results', staffPage('results:read'), async (c) => {
    const answer = await staffApi<PendingResults>(c, 'GET', '/staff/results');
    if (answer.status !== 200) return apiFailurePage(c, answer.status);
    return html(
      c,
      <ResultsListPage
        t={c.var.t}
        nonce={c.var.nonce}
        me={c.var.me}
        orders={answer.envelope.data.orders}
        notes={notesOf(c)}
      />,
    );
  })
  .get('/lab/results/:id{[0-9]{1,16}}', staffPage('results:read'), (c) => resultsPage(c, c.req.param('id'), notesOf(c)))
  .post('/lab/results/approve', staffPage('results:approve'), async (c) => {
    const form = await formOf(c);
    const back = /^\d{1,16}$/.test(form.order_id ?? '') ? `/lab/results/${form.order_id}` : '/lab/results';
    return act(c, '/staff/results/approve', { order_id: form.order_id }, back, 'approved');
  })
  .post('/lab/results/:id{[0-9]{1,16}}', staffPage('results:enter'), async (c) => {
    const id = c.req.param('id');
    const form = await formOf(c);
    const results = resultLines(form);
    const answer = await staffApi<{ changed: number }>(c, 'POST', '/staff/results/save', {
      order_id: Number(id),
      results,
    });
    if (answer.status === 401 || answer.status === 403) return apiFailurePage(c, answer.status);
    if (answer.status >= 500) throw new Error(`staff API answered ${answer.status}`);
    // A refused value is shown again with what was typed, so nothing is lost.
    if (answer.status === 400) return resultsPage(c, id, { error: messageOf(answer) }, form, 400);
    if (answer.status !== 200) return c.redirect(withNote(`/lab/results/${id}`, 'error', messageOf(answer)), 303);
    return c.redirect(
      withNote(`/lab/results/${id}`, 'done', answer.envelope.data.changed ? 'saved' : 'unchanged'),
      303,
    );
  })
  .get('/lab/tests', staffPage('bloodtests:read'), async (c) => {
    const answer = await staffApi<TestsData>(c, 'GET', '/staff/bloodTests');
    if (answer.status !== 200) return apiFailurePage(c, answer.status);
    return html(
      c,
      <TestsPage t={c.var.t} nonce={c.var.nonce} me={c.var.me} data={answer.envelope.data} notes={notesOf(c)} />,
    );
  })
  .post('/lab/tests/price', staffPage('bloodtests:write'), async (c) => {
    const f = await formOf(c);
    const body = { sku_id: f.sku_id, country: f.country, price: f.price ?? '', old_price: f.old_price ?? '' };
    return act(c, '/staff/bloodTests/price', body, '/lab/tests', 'price');
  })
  .post('/lab/tests/active', staffPage('bloodtests:write'), async (c) => {
    const f = await formOf(c);
    return act(
      c,
      '/staff/bloodTests/active',
      { blood_test_id: f.blood_test_id, active: f.active },
      '/lab/tests',
      'active',
    );
  })
  .get('/lab/tests/capacity', staffPage('bloodtests:read'), async (c) => {
    const answer = await staffApi<CapacityData>(c, 'GET', '/staff/bloodTests/capacity');
    if (answer.status !== 200) return apiFailurePage(c, answer.status);
    return html(
      c,
      <CapacityPage t={c.var.t} nonce={c.var.nonce} me={c.var.me} data={answer.envelope.data} notes={notesOf(c)} />,
    );
  })
  .post('/lab/tests/capacity', staffPage('bloodtests:write'), async (c) => {
    const f = await formOf(c);
    const body = { zone: f.zone, window: f.window, capacity: f.capacity };
    return act(c, '/staff/bloodTests/capacity', body, '/lab/tests/capacity', 'capacity');
  })
  .post('/lab/tests/capacity/remove', staffPage('bloodtests:write'), async (c) => {
    const f = await formOf(c);
    return act(
      c,
      '/staff/bloodTests/capacity/remove',
      { zone: f.zone, window: f.window },
      '/lab/tests/capacity',
      'capacity',
    );
  })
  .post('/lab/tests/blackout', staffPage('bloodtests:write'), async (c) => {
    const f = await formOf(c);
    const body = { country: f.country, date: f.date, name_en: f.name_en ?? '', name_ar: f.name_ar ?? '' };
    return act(c, '/staff/bloodTests/blackout', body, '/lab/tests/capacity', 'blackout');
  })
  .post('/lab/tests/blackout/remove', staffPage('bloodtests:write'), async (c) => {
    const f = await formOf(c);
    return act(
      c,
      '/staff/bloodTests/blackout/remove',
      { country: f.country, date: f.date },
      '/lab/tests/capacity',
      'blackout',
    );
  });
