// The Cash on delivery page (issue 62): a statement uploaded is checked by the API and every line shown;
// the confirm form sends the same file again (base64, so its bytes and hash survive the round trip)
// and the API checks it once more before applying. Hand-ins Post/Redirect/Get; refusals shown in place.
import { Hono, type Context } from 'hono';
import { COD_FILE_MAX_BYTES, handinSchema, remittanceFileSchema } from '#shared/api/cod-schemas';
import type { StaffAppEnv } from '../app-env';
import { staffApi } from '../lib/api';
import { readForm } from '../lib/form';
import { html } from '../lib/render';
import { staffPage } from '../middleware/guards';
import type { CodOverview, CodStatementCheck } from '#shared/api/cod-responses';
import { type CodFormState, CodPage, type CodPreview } from '../pages/Cod';
import { formFields } from './customers';
import { apiFailurePage } from './failure';

type C = Context<StaffAppEnv>;

const DONE = ['cod_file_imported', 'cod_handin_saved'] as const;

async function page(c: C, extra: { preview?: CodPreview; state?: CodFormState } = {}, status = 200) {
  const answer = await staffApi<CodOverview>(c, 'GET', '/staff/cod');
  if (answer.status !== 200) return apiFailurePage(c, answer.status);
  return html(
    c,
    <CodPage t={c.var.t} nonce={c.var.nonce} me={c.var.me} data={answer.envelope.data} {...extra} />,
    status,
  );
}

const toBase64 = (text: string) => {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
};
const fromBase64 = (b64: string) => new TextDecoder().decode(Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0)));

/** The statement the preview's forms send back (confirm, another page): its fields and the file, read. */
function sentBack(v: Record<string, string | undefined>) {
  const form = {
    carrier: v.carrier ?? '',
    currency: v.currency ?? '',
    statement_ref: v.statement_ref ?? '',
    file_name: v.file_name ?? '',
    file: v.file ?? '',
  };
  try {
    return { ok: true as const, form, csv: fromBase64(form.file) };
  } catch {
    return { ok: false as const, form };
  }
}

/** The API's check or import of a statement, shown as the preview (with its refusal, if any). */
async function send(c: C, path: string, form: CodPreview['form'], csv: string, linesPage?: number) {
  const input = remittanceFileSchema.safeParse({ ...form, csv });
  if (!input.success)
    return page(c, { state: { error: input.error.issues[0]?.message ?? 'validation_failed', values: form } }, 400);
  const answer = await staffApi<CodStatementCheck>(
    c,
    'POST',
    path,
    linesPage ? { ...input.data, page: linesPage } : input.data,
  );
  if (answer.status === 401 || answer.status === 403) return apiFailurePage(c, answer.status);
  if (answer.status === 200 && path.endsWith('/preview'))
    return page(c, { preview: { ...answer.envelope.data, form }, state: { values: form } });
  if (answer.status === 200) return c.redirect('/cod?done=cod_file_imported', 303);
  const data = answer.envelope.data;
  const preview = data?.lines ? { ...data, form } : undefined;
  return page(
    c,
    { preview, state: { error: answer.envelope.meta.msg, values: form } },
    answer.status === 409 ? 409 : 400,
  );
}

export const codRoutes = new Hono<StaffAppEnv>()
  .get('/cod', staffPage('cod:reconcile'), (c) => {
    const done = DONE.find((d) => d === c.req.query('done'));
    return page(c, done ? { state: { done: c.var.t.tKey(done) } } : {});
  })
  .post('/cod/preview', staffPage('cod:reconcile'), async (c) => {
    const fields = await readForm(c);
    const value = (k: string) => (typeof fields[k] === 'string' ? (fields[k] as string) : '');
    const file = fields.file;
    const form = {
      carrier: value('carrier'),
      currency: value('currency'),
      statement_ref: value('statement_ref'),
      file_name: file instanceof File ? file.name.slice(0, 200) : '',
      file: '',
    };
    if (!(file instanceof File) || file.size === 0)
      return page(c, { state: { error: 'cod_file_empty', values: form } }, 400);
    if (file.size > COD_FILE_MAX_BYTES) return page(c, { state: { error: 'cod_file_too_large', values: form } }, 400);
    const csv = await file.text();
    return send(c, '/staff/cod/remittances/preview', { ...form, file: toBase64(csv) }, csv);
  })
  .post('/cod/preview/page', staffPage('cod:reconcile'), async (c) => {
    // Another page of a long statement's lines (issue 73): the same file, sent back as the confirm form does.
    const v = await formFields(c);
    const sent = sentBack(v);
    if (!sent.ok) return page(c, { state: { error: 'cod_file_unreadable', values: sent.form } }, 400);
    const linesPage = Number.parseInt(v.page ?? '1', 10);
    return send(
      c,
      '/staff/cod/remittances/preview',
      sent.form,
      sent.csv,
      Number.isSafeInteger(linesPage) && linesPage > 0 ? linesPage : 1,
    );
  })
  .post('/cod/import', staffPage('cod:reconcile'), async (c) => {
    const sent = sentBack(await formFields(c));
    if (!sent.ok) return page(c, { state: { error: 'cod_file_unreadable', values: sent.form } }, 400);
    return send(c, '/staff/cod/remittances', sent.form, sent.csv);
  })
  .post('/cod/handins', staffPage('cod:reconcile'), async (c) => {
    const values = await formFields(c);
    const handin = `${values.staff_id}-${values.day}`;
    const input = handinSchema.safeParse(values);
    if (!input.success)
      return page(c, { state: { error: input.error.issues[0]?.message ?? 'validation_failed', values, handin } }, 400);
    const answer = await staffApi(c, 'POST', '/staff/cod/handins', values);
    if (answer.status === 200) return c.redirect('/cod?done=cod_handin_saved', 303);
    // 409: her own cash, which someone else must count (cod_handin_not_yourself).
    if (answer.status === 400 || answer.status === 409)
      return page(c, { state: { error: answer.envelope.meta.msg, values, handin } }, answer.status);
    return apiFailurePage(c, answer.status);
  });
