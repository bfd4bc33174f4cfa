// An API answer that is not a success, as the page the staff member sees.
import type { Context } from 'hono';
import type { StaffAppEnv } from '../app-env';
import { html } from '../lib/render';
import { forbiddenPage, signInAgain } from '../middleware/guards';
import { MessagePage } from '../pages/Message';

export function apiFailurePage(c: Context<StaffAppEnv>, status: number) {
  const t = c.var.t;
  if (status === 401) return signInAgain(c);
  if (status === 403) return forbiddenPage(c, c.var.me);
  if (status === 404 || status === 400)
    return html(
      c,
      <MessagePage
        t={t}
        nonce={c.var.nonce}
        me={c.var.me}
        title="st_not_found_title"
        body={t.t('st_not_found_body')}
      />,
      404,
    );
  throw new Error(`staff API answered ${status}`);
}
