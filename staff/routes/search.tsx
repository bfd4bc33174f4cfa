// Search: synonyms added and removed through plain forms, and the zero-result report.
import { Hono, type Context } from 'hono';
import { synonymAddSchema } from '#shared/api/people-schemas';
import type { StaffAppEnv } from '../app-env';
import { staffApi } from '../lib/api';
import { html } from '../lib/render';
import { staffPage } from '../middleware/guards';
import type { SynonymSets, ZeroResults } from '#shared/api/staff-search-responses';
import { SearchPage } from '../pages/Search';
import type { FormState } from '../pages/Customers';
import { apiFailurePage } from './failure';
import { formFields } from './customers';

async function searchPage(c: Context<StaffAppEnv>, state?: FormState, status = 200) {
  const [sets, zero] = await Promise.all([
    staffApi<SynonymSets>(c, 'GET', '/staff/search/synonyms'),
    staffApi<ZeroResults>(c, 'GET', '/staff/search/zero-results'),
  ]);
  if (sets.status !== 200) return apiFailurePage(c, sets.status);
  if (zero.status !== 200) return apiFailurePage(c, zero.status);
  return html(
    c,
    <SearchPage
      t={c.var.t}
      nonce={c.var.nonce}
      me={c.var.me}
      sets={sets.envelope.data.sets}
      zero={zero.envelope.data}
      state={state}
    />,
    status,
  );
}

export const searchRoutes = new Hono<StaffAppEnv>()
  .get('/search', staffPage('search:read'), (c) =>
    searchPage(c, c.req.query('done') === 'saved' ? { done: c.var.t.t('st_search_saved') } : undefined),
  )
  .post('/search/synonyms', staffPage('search:write'), async (c) => {
    const values = await formFields(c);
    const input = synonymAddSchema.safeParse(values);
    if (!input.success) return searchPage(c, { error: 'synonym_phrase_invalid', values }, 400);
    const answer = await staffApi(c, 'POST', '/staff/search/synonyms', input.data);
    if (answer.status === 401 || answer.status === 403) return apiFailurePage(c, answer.status);
    if (answer.status !== 200) return searchPage(c, { error: answer.envelope.meta.msg, values }, answer.status);
    return c.redirect(`/search?done=saved#set-${(answer.envelope.data as { set_id: number }).set_id}`, 303);
  })
  .post('/search/synonyms/:id{[0-9]{1,15}}/remove', staffPage('search:write'), async (c) => {
    const answer = await staffApi(c, 'POST', `/staff/search/synonyms/${c.req.param('id')}/remove`, {});
    if (answer.status !== 200) return apiFailurePage(c, answer.status);
    return c.redirect('/search?done=saved#synonyms', 303);
  });
