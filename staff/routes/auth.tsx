// Staff sign-in in two steps (password, then the authenticator's code), sign-out and the language.
import { Hono } from 'hono';
import { staffSignInSchema, staffVerifySchema } from '#shared/api/staff-schemas';
import type { SignInTicket, StaffSession } from '#shared/api/staff-auth-responses';
import type { StaffAppEnv } from '../app-env';
import { staffApi } from '../lib/api';
import { html } from '../lib/render';
import { clearSession, clearTicket, storeLang, storeSession, storeTicket, ticketToken } from '../lib/session';
import { staffTranslator } from '../lib/i18n';
import { SignInPage, VerifyPage } from '../pages/SignIn';
import { safeBack } from '../lib/safe-back';
import { readForm } from '../lib/form';

const field = (form: Record<string, unknown>, name: string) =>
  typeof form[name] === 'string' ? (form[name] as string) : '';

export const authRoutes = new Hono<StaffAppEnv>()
  .get('/sign-in', (c) =>
    html(c, <SignInPage t={c.var.t} nonce={c.var.nonce} joined={c.req.query('joined') === '1'} />),
  )
  .post('/sign-in', async (c) => {
    const form = await readForm(c);
    const input = staffSignInSchema.safeParse({ email: field(form, 'email'), password: field(form, 'password') });
    if (!input.success)
      return html(
        c,
        <SignInPage t={c.var.t} nonce={c.var.nonce} error="invalid_credentials" email={field(form, 'email')} />,
        400,
      );
    const answer = await staffApi<SignInTicket>(c, 'POST', '/staff/auth/sign-in', input.data);
    if (answer.status !== 200)
      return html(
        c,
        <SignInPage t={c.var.t} nonce={c.var.nonce} error={answer.envelope.meta.msg} email={input.data.email} />,
        answer.status === 429 ? 429 : 400,
      );
    storeTicket(c, answer.envelope.data.ticket);
    return c.redirect('/verify', 303);
  })
  .get('/verify', (c) =>
    ticketToken(c) ? html(c, <VerifyPage t={c.var.t} nonce={c.var.nonce} />) : c.redirect('/sign-in', 303),
  )
  .post('/verify', async (c) => {
    const ticket = ticketToken(c);
    if (!ticket) return c.redirect('/sign-in', 303);
    const form = await readForm(c);
    const input = staffVerifySchema.safeParse({ ticket, code: field(form, 'code') });
    if (!input.success) return html(c, <VerifyPage t={c.var.t} nonce={c.var.nonce} error="totp_invalid" />, 400);
    const answer = await staffApi<StaffSession>(c, 'POST', '/staff/auth/verify', input.data);
    if (answer.status !== 200) {
      if (answer.envelope.meta.msg === 'sign_in_ticket_invalid') clearTicket(c);
      return html(
        c,
        <VerifyPage t={c.var.t} nonce={c.var.nonce} error={answer.envelope.meta.msg} />,
        answer.status === 429 ? 429 : 400,
      );
    }
    clearTicket(c);
    storeSession(c, answer.envelope.data.token);
    return c.redirect('/', 303);
  })
  .post('/sign-out', async (c) => {
    if (c.var.token) await staffApi(c, 'POST', '/staff/auth/sign-out');
    clearSession(c);
    return c.redirect('/sign-in', 303);
  })
  .post('/lang', async (c) => {
    const form = await readForm(c);
    const lang = field(form, 'lang') === 'ar' ? 'ar' : 'en';
    storeLang(c, lang);
    // Mails to this staff member follow the same choice.
    if (c.var.token) {
      c.set('t', staffTranslator(lang));
      c.set('lang', lang);
      await staffApi(c, 'POST', '/staff/me/lang', { lang });
    }
    return c.redirect(safeBack(field(form, 'back')), 303);
  });
