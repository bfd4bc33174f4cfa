// The flow the per-country settings pages share (amounts, loyalty rules, delivery): the page is the API's
// settings per country rendered by the page's own component, or the API's failure page; a checked form is
// handed on to the API, and then Post/Redirect/Get, the failure page, or the page again with the refusal.
import type { Context } from 'hono';
import type { ReactElement } from 'react';
import type { StaffAppEnv } from '../app-env';
import { staffApi, type ApiAnswer, type StaffSelf } from '../lib/api';
import { html } from '../lib/render';
import type { StaffTranslator } from '../lib/i18n';
import { apiFailurePage } from './failure';

type C = Context<StaffAppEnv>;

/** The props every per-country settings page takes. */
export interface CountrySettingsProps<Country, State> {
  t: StaffTranslator;
  nonce: string;
  me: StaffSelf;
  countries: Country[];
  state?: State;
}

/** GET `apiPath` (an answer `{ countries }`) and render `Page` with it, or the API's failure page. */
export async function countrySettingsPage<Country, State>(
  c: C,
  apiPath: string,
  Page: (props: CountrySettingsProps<Country, State>) => ReactElement,
  state?: State,
  status = 200,
) {
  const answer = await staffApi<{ countries: Country[] }>(c, 'GET', apiPath);
  if (answer.status !== 200) return apiFailurePage(c, answer.status);
  return html(
    c,
    <Page t={c.var.t} nonce={c.var.nonce} me={c.var.me} countries={answer.envelope.data.countries} state={state} />,
    status,
  );
}

/**
 * POST a form the worker has already checked: on success a 303 to `done` (Post/Redirect/Get); a 401, 403
 * or 404 is the API's failure page (signed out, not allowed, gone); any other refusal is `refused`, the
 * form's page again with what the API said.
 */
export async function handOn(
  c: C,
  apiPath: string,
  body: unknown,
  done: string,
  refused: (answer: ApiAnswer<unknown>) => Response | Promise<Response>,
) {
  const answer = await staffApi(c, 'POST', apiPath, body);
  if (answer.status === 401 || answer.status === 403 || answer.status === 404) return apiFailurePage(c, answer.status);
  if (answer.status !== 200) return refused(answer);
  return c.redirect(done, 303);
}
