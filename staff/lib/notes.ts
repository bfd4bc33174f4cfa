// Post/Redirect/Get for the back office's forms: a form's text fields, the note a page shows after an
// action (?done=… or ?error=…), the API's message for a refusal, and the path back with its note. The
// lab's pages and the nutritionist's pages share them.
import type { Context } from 'hono';
import type { StaffAppEnv } from '../app-env';
import type { ApiAnswer } from './api';
import { readForm } from './form';

export type Form = Record<string, string>;

/** What a page says after an action: a done key, or the API's message key for a refusal. */
export interface Notes {
  done?: string | null;
  error?: string | null;
}

/** The form's text fields (files left out). */
export async function formOf(c: Context<StaffAppEnv>): Promise<Form> {
  const body = await readForm(c);
  return Object.fromEntries(Object.entries(body).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

export const notesOf = (c: Context<StaffAppEnv>): Notes => ({ done: c.req.query('done'), error: c.req.query('error') });

/** The API's message for a refusal: a validation failure's first field message, else meta.msg. */
export function messageOf(answer: ApiAnswer<unknown>): string {
  const fields = (answer.envelope.data as { fields?: { message?: string }[] } | null)?.fields;
  return fields?.find((f) => f.message)?.message ?? answer.envelope.meta.msg;
}

/** The page to go back to, with one note (an earlier one replaced). */
export function withNote(path: string, key: 'done' | 'error', value: string): string {
  const url = new URL(path, 'http://staff');
  url.searchParams.delete('done');
  url.searchParams.delete('error');
  url.searchParams.set(key, value);
  return url.pathname + url.search;
}
