// The form round trip of the Catalogue and Nutritionists sections: a form's fields, handed to the API as
// typed (it parses them with the same shared schemas), then Post/Redirect/Get on success, or the page
// again with what was typed and each field's message; and a page drawn from one API read.
import type { Context } from 'hono';
import type { ReactElement } from 'react';
import { IMAGE_MAX_BYTES } from '#shared/api/staff-catalogue-schemas';
import type { StaffAppEnv } from '../../app-env';
import { staffApi } from '../../lib/api';
import { readForm } from '../../lib/form';
import { html } from '../../lib/render';
import type { FormFailure } from '../../pages/catalogue/parts';
import { apiFailurePage } from '../failure';

export type C = Context<StaffAppEnv>;
export type Failed = FormFailure | null;

/** The form's text fields (a file field is left out). */
export async function formFields(
  c: C,
): Promise<{ values: Record<string, string>; form: Record<string, string | File> }> {
  const form = await readForm(c);
  const values: Record<string, string> = {};
  for (const [k, v] of Object.entries(form)) if (typeof v === 'string') values[k] = v;
  return { values, form };
}

export const done = (c: C) => c.req.query('done') || undefined;
/**
 * Hands a form to the API. Success: 303 to `back`. Refused input: the page again (`again`) with the
 * fields' messages. Anything else (not found, not allowed): the failure page.
 */
export async function submit(
  c: C,
  apiPath: string,
  body: Record<string, unknown>,
  formName: string,
  values: Record<string, string>,
  back: string | ((created: { id: number }) => string),
  again: (failure: FormFailure) => Promise<Response>,
) {
  const answer = await staffApi<{ id: number; fields?: Array<{ field: string; message: string }> }>(
    c,
    'POST',
    apiPath,
    body,
  );
  if (answer.status === 200) return c.redirect(typeof back === 'string' ? back : back(answer.envelope.data), 303);
  if (answer.status === 409) {
    // A refusal of the whole form (still in use, ordered, changed meanwhile). When the stock changed
    // since the form was drawn, the page comes back with the current figure.
    const { stock: _stock, stock_seen: _seen, ...kept } = values;
    return again({ form: formName, values: kept, fields: {}, msg: answer.envelope.meta.msg });
  }
  if (answer.status === 400 || answer.status === 413 || answer.status === 415) {
    const fields = answer.envelope.data?.fields;
    const msg = answer.envelope.meta.msg;
    return again({
      form: formName,
      values,
      fields: Object.fromEntries((fields ?? []).map((f) => [f.field, f.message])),
      ...(msg !== 'validation_failed' || !fields ? { msg } : {}),
    });
  }
  return apiFailurePage(c, answer.status);
}
export const idOf = (c: C) => Number(c.req.param('id'));
/** A page drawn from one API read: the failure page when the read fails; 400 when it shows a refused form. */
export async function readPage<T>(c: C, path: string, failure: Failed, render: (data: T) => ReactElement) {
  const answer = await staffApi<T>(c, 'GET', path);
  if (answer.status !== 200) return apiFailurePage(c, answer.status);
  return html(c, render(answer.envelope.data), failure ? 400 : 200);
}
function base64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/**
 * A form's image file as base64 for the API, or the message key saying why not. The file's name and
 * type as the browser gave them are not trusted: the API reads its bytes.
 */
export async function imageData(
  form: Record<string, string | File>,
  name: string,
): Promise<{ data: string } | { msg: 'image_missing' | 'image_too_large' }> {
  const file = form[name];
  if (!(file instanceof File) || file.size === 0) return { msg: 'image_missing' };
  if (file.size > IMAGE_MAX_BYTES) return { msg: 'image_too_large' };
  return { data: base64(new Uint8Array(await file.arrayBuffer())) };
}
