// /auth/sign-in, /auth/sign-up, /auth/forgot-password, /auth/reset-password (from the reset mail) and
// /auth/verify-email (from the mail a new account gets when its address has guest orders).
import { useContext, useEffect, useState } from 'react';
import { Link, redirect, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { localizePath, splitLocalePath } from '../../shared/locale';
import { hasUserCookie } from '../accounts/guard';
import { safeReturnUrl } from '../accounts/after-auth';
import { forgotPasswordSchema, resetPasswordSchema, verifyEmailSchema } from '../../shared/api/account-schemas';
import { ApiFailure } from '../../shared/api/client';
import { ApiContext } from '../providers';
import { MIN_PASSWORD_LENGTH } from '../../shared/constants';
import { SignInForm, SignUpForm } from '../accounts/AuthForms';
import { useAfterAuth } from '../accounts/after-auth';
import { PasswordInput } from '../accounts/PasswordField';
import { useI18n } from '../i18n/context';
import { useHref } from '../lib/locale';
import { usePageHandle } from '../route-handle';
import { Field, FormAlerts, useForm } from '../ui/form';
import { Page } from '../ui/Page';

/** A signed-in shopper has nothing to do on the sign-in page: on to return_url, or the profile. */
export function loader({ request }: LoaderFunctionArgs): null {
  const url = new URL(request.url);
  const { lang, path } = splitLocalePath(url.pathname);
  const cookies = typeof document !== 'undefined' ? document.cookie : request.headers.get('cookie');
  if (path === '/auth/sign-in' && hasUserCookie(cookies)) throw redirect(safeReturnUrl(url.searchParams.get('return_url'), lang) ?? localizePath('/profile', lang));
  return null;
}

export function Component() {
  const { page } = usePageHandle();
  const { t } = useI18n();
  const [params] = useSearchParams();
  const ended = page === 'sign-in' && params.get('reason') === 'session_ended';
  const title = t(page === 'sign-up' ? 'page_sign_up' : page === 'forgot-password' ? 'page_forgot_password' : page === 'reset-password' ? 'page_reset_password' : page === 'verify-email' ? 'page_verify_email' : 'page_sign_in');
  return (
    <Page title={title} seo={{ noindex: page === 'reset-password' || page === 'verify-email' }}>
      <div className="auth-page">
        {ended && (
          <p className="form-alert" role="status" data-testid="session-ended">
            {t('session_ended')}
          </p>
        )}
        {page === 'sign-up' ? <SignUpForm mode="page" /> : page === 'forgot-password' ? <ForgotForm /> : page === 'reset-password' ? <ResetForm /> : page === 'verify-email' ? <VerifyEmail /> : <SignInForm mode="page" />}
      </div>
    </Page>
  );
}

function ForgotForm() {
  const { t } = useI18n();
  const [sent, setSent] = useState(false);
  const form = useForm({
    id: 'forgot',
    schema: forgotPasswordSchema,
    initial: { email: '' },
    fields: { email: { label: 'account_email_label', noun: 'account_email_noun' } },
    endpoint: '/user/forgot-password',
    onSuccess: () => setSent(true),
  });
  if (sent) {
    return (
      <p className="form-success" role="status" data-testid="forgot-sent">
        {t('forgot_sent')}
      </p>
    );
  }
  return (
    <form ref={form.formRef} className="auth-form" method="post" noValidate onSubmit={form.submit}>
      <p>{t('forgot_intro')}</p>
      <FormAlerts form={form} />
      <Field form={form} name="email" required>
        {(p) => <input {...p} type="email" autoComplete="email" inputMode="email" dir="ltr" />}
      </Field>
      <button type="submit" className="button wide-button" disabled={!form.ready}>
        {t('forgot_submit')}
      </button>
    </form>
  );
}

function ResetForm() {
  const { t } = useI18n();
  const href = useHref();
  const [params] = useSearchParams();
  const form = useForm({
    id: 'reset',
    schema: resetPasswordSchema,
    initial: { token: params.get('token') ?? '', password: '', confirmPassword: '' },
    fields: { token: { label: 'page_reset_password' }, password: { label: 'account_new_password_label' }, confirmPassword: { label: 'account_confirm_label' } },
    endpoint: '/user/reset-password',
    lengths: { password: { min: MIN_PASSWORD_LENGTH, max: 200 } },
    onSuccess: useAfterAuth('page'),
  });
  return (
    <form ref={form.formRef} className="auth-form" method="post" noValidate onSubmit={form.submit}>
      <p>{t('reset_intro')}</p>
      <FormAlerts form={form} />
      <Field form={form} name="password" required>
        {(p) => <PasswordInput control={p} autoComplete="new-password" />}
      </Field>
      <Field form={form} name="confirmPassword" required>
        {(p) => <PasswordInput control={p} autoComplete="new-password" />}
      </Field>
      <button type="submit" className="button wide-button" disabled={!form.ready}>
        {t('reset_submit')}
      </button>
      <p>
        <Link to={href('/auth/forgot-password')}>{t('forgot_password_link')}</Link>
      </p>
    </form>
  );
}

/** Opens the mailed link once (on the client, so a mail scanner's GET does not use it up). */
function VerifyEmail() {
  const { t, tKey } = useI18n();
  const href = useHref();
  const api = useContext(ApiContext)!;
  const [params] = useSearchParams();
  const [state, setState] = useState<'working' | 'done' | string>('working');
  useEffect(() => {
    const parsed = verifyEmailSchema.safeParse({ token: params.get('token') ?? '' });
    if (!parsed.success) return setState('verify_link_invalid');
    api
      .post('/user/verify-email', parsed.data)
      .then(() => setState('done'))
      .catch((e: unknown) => setState(e instanceof ApiFailure ? (e.meta.key ?? e.meta.msg) : 'server_error'));
  }, []);
  if (state === 'working') return <p role="status">{t('verify_email_working')}</p>;
  if (state === 'done') {
    return (
      <div className="form-success" role="status" data-testid="verify-email-done">
        <p>{t('verify_email_done')}</p>
        <p>
          <Link to={href('/profile/orders')}>{t('page_profile_orders')}</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="form-alert" role="alert" data-testid="verify-email-failed">
      <p>{tKey(state)}</p>
    </div>
  );
}
