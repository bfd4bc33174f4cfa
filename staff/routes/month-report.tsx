// A report of one Gulf month, as the back office shows it (the nutritionists' earnings, the loyalty
// points): the page for `?month=YYYY-MM` (a month the API refuses goes back to the latest one), and its
// CSV passed on exactly as the API wrote it (its type, file name and caching).
import type { Context } from 'hono';
import type { ReactElement } from 'react';
import { recentMonths } from '#shared/api/staff-practice-schemas';
import type { StaffAppEnv } from '../app-env';
import { staffApi } from '../lib/api';
import { html } from '../lib/render';
import { apiFailurePage } from './failure';

type C = Context<StaffAppEnv>;

const withMonth = (path: string, month: string | undefined) =>
  `${path}${month ? `?month=${encodeURIComponent(month)}` : ''}`;

export async function monthReportPage<D>(
  c: C,
  api: { page: string; report: string },
  render: (data: D, months: string[]) => ReactElement,
): Promise<Response> {
  const month = c.req.query('month');
  const answer = await staffApi<D>(c, 'GET', withMonth(api.report, month));
  if (answer.status === 400 && month) return c.redirect(api.page, 303);
  if (answer.status !== 200) return apiFailurePage(c, answer.status);
  return html(c, render(answer.envelope.data, recentMonths(Date.now())));
}

export async function monthReportCsv(c: C, report: string): Promise<Response> {
  const answer = await staffApi(c, 'GET', withMonth(report, c.req.query('month')));
  if (answer.status !== 200 || !answer.raw?.body) return apiFailurePage(c, answer.status);
  const headers = new Headers();
  for (const name of ['content-type', 'content-disposition', 'cache-control'])
    headers.set(name, answer.raw.headers.get(name) ?? '');
  return new Response(answer.raw.body, { headers });
}
