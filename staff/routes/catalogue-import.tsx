// The catalogue's import and export (decision 48): the file goes to the API as text to be checked; a
// check with problems is shown at once, a clean one becomes an import with its own page (Post/Redirect/
// Get), where it is imported or undone. The export streams the API's CSV through.
import { Hono, type Context } from 'hono';
import { IMPORT_MAX_BYTES } from '#shared/catalogue/import-format';
import type { StaffAppEnv } from '../app-env';
import { staffApi } from '../lib/api';
import { html } from '../lib/render';
import { staffPage } from '../middleware/guards';
import type { ImportCheckAnswer, ImportDetail, ImportList } from '#shared/api/staff-import-schemas';
import { ImportDetailPage, ImportPage, type ImportRefusal } from '../pages/catalogue/Import';
import { apiFailurePage } from './failure';
import { readForm } from '../lib/form';

type C = Context<StaffAppEnv>;

async function importPage(
  c: C,
  extra: { checked?: ImportCheckAnswer; failure?: string; kind?: 'catalogue' | 'stock' } = {},
  status: 200 | 400 = 200,
) {
  const list = await staffApi<ImportList>(c, 'GET', '/staff/catalogue/imports');
  if (list.status !== 200) return apiFailurePage(c, list.status);
  return html(
    c,
    <ImportPage t={c.var.t} nonce={c.var.nonce} me={c.var.me} imports={list.envelope.data.imports} {...extra} />,
    status,
  );
}

async function detailPage(c: C, id: number, refusal: ImportRefusal | null = null, status: 403 | 409 = 409) {
  const page = Number(c.req.query('page')) || 1;
  const answer = await staffApi<ImportDetail>(c, 'GET', `/staff/catalogue/imports/${id}?page=${page}`);
  if (answer.status !== 200) return apiFailurePage(c, answer.status);
  const done = c.req.query('done');
  return html(
    c,
    <ImportDetailPage
      t={c.var.t}
      nonce={c.var.nonce}
      me={c.var.me}
      data={answer.envelope.data}
      done={done === 'checked' || done === 'applied' || done === 'reverted' ? `import_${done}` : undefined}
      refusal={refusal}
    />,
    refusal ? status : 200,
  );
}

/**
 * Import or undo: back to the import's page, saying so, or with the API's refusal and the lines it names
 * (a 403 of prices in countries the member's role does not cover names them too; any other 403 is the
 * failure page).
 */
async function step(c: C, verb: 'apply' | 'revert') {
  const id = Number(c.req.param('id'));
  const answer = await staffApi<{ lines?: ImportRefusal['lines'] }>(
    c,
    'POST',
    `/staff/catalogue/imports/${id}/${verb}`,
    {},
  );
  if (answer.status === 200)
    return c.redirect(`/catalogue/imports/${id}?done=${verb === 'apply' ? 'applied' : 'reverted'}`, 303);
  if (answer.status === 409)
    return detailPage(c, id, { msg: answer.envelope.meta.msg, lines: answer.envelope.data?.lines ?? undefined });
  if (answer.status === 403 && answer.envelope.meta.msg === 'import_prices_not_allowed')
    return detailPage(c, id, { msg: answer.envelope.meta.msg, lines: answer.envelope.data?.lines ?? undefined }, 403);
  return apiFailurePage(c, answer.status);
}

export const catalogueImportRoutes = new Hono<StaffAppEnv>()
  .get('/catalogue/import', staffPage('catalogue:read'), (c) => importPage(c))
  .get('/catalogue/export.csv', staffPage('catalogue:read'), async (c) => {
    const answer = await staffApi(c, 'GET', '/staff/catalogue/export');
    if (answer.status !== 200 || !answer.raw?.body) return apiFailurePage(c, answer.status);
    const headers = new Headers();
    for (const name of ['content-type', 'content-disposition', 'cache-control'])
      headers.set(name, answer.raw.headers.get(name) ?? '');
    return new Response(answer.raw.body, { headers });
  })
  .post('/catalogue/import', staffPage('catalogue:write'), async (c) => {
    const form = await readForm(c);
    const kind = form.kind === 'stock' ? 'stock' : 'catalogue';
    const file = form.file;
    if (!(file instanceof File) || file.size === 0)
      return importPage(c, { failure: 'st_import_file_missing', kind }, 400);
    if (file.size > IMPORT_MAX_BYTES) return importPage(c, { failure: 'import_file_too_large', kind }, 400);
    const answer = await staffApi<ImportCheckAnswer>(c, 'POST', '/staff/catalogue/imports', {
      kind,
      file_name: file.name.slice(0, 200) || `${kind}.csv`,
      csv: await file.text(),
    });
    if (answer.status !== 200) {
      if (answer.status === 400) return importPage(c, { failure: answer.envelope.meta.msg, kind }, 400);
      return apiFailurePage(c, answer.status);
    }
    const checked = answer.envelope.data;
    if (checked.id !== null) return c.redirect(`/catalogue/imports/${checked.id}?done=checked`, 303);
    return importPage(c, { checked, kind }, checked.problem_count ? 400 : 200);
  })
  .get('/catalogue/imports/:id{[0-9]+}', staffPage('catalogue:read'), (c) => detailPage(c, Number(c.req.param('id'))))
  .post('/catalogue/imports/:id{[0-9]+}/apply', staffPage('catalogue:write'), (c) => step(c, 'apply'))
  .post('/catalogue/imports/:id{[0-9]+}/revert', staffPage('catalogue:write'), (c) => step(c, 'revert'));
