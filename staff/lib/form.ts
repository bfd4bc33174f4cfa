// A form post's fields. A body that cannot be read as the form its type says (a multipart upload cut
// off before its closing boundary, a boundary that is not there) is the sender's trouble, not the
// back office's: it becomes a 400 page that says so (index.tsx's onError), never a 500, as the
// storefront answers a body it cannot read with a 4xx and a message key.
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { StaffAppEnv } from '../app-env';

/** The post's body could not be read as a form. */
export class UnreadableForm extends HTTPException {
  constructor(cause: unknown) {
    super(400, { message: 'unreadable form', cause });
  }
}

/** Every field of the posted form (files as File), or UnreadableForm thrown. */
export async function readForm(c: Context<StaffAppEnv>): Promise<Record<string, string | File>> {
  try {
    return (await c.req.parseBody()) as Record<string, string | File>;
  } catch (error) {
    throw new UnreadableForm(error);
  }
}
