// /auth/reset-password: where the reset link of the forgot-password mail lands (noindex: the URL carries
// the token). The loader checks the link when the page opens (using nothing up): a used or expired link
// shows that state and the way to a new one, not a form that would fail only on submit.
import '#client/styles/account.css';
import { Link, useLoaderData, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { ApiFailure } from '#shared/api/client';
import { MIN_PASSWORD_LENGTH } from '#shared/constants';
import { useAfterAuth } from '#client/accounts/after-auth';
import { AuthPage } from '#client/accounts/AuthPage';
import { PasswordInput } from '#client/accounts/PasswordField';
import { apiContext } from '#client/boot';
import { useI18n } from '#client/i18n/context';
import { useHref } from '#client/lib/locale';
import { Field, FormAlerts, useForm } from '#client/ui/form';
import type { PageDeclaration } from '../../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = {
  group: 'account',
  texts: ['accounts'],
  id: 'reset-password',
  siteIndex: false,
} satisfies PageDeclaration;

/** 'spent': used, expired or not a link; 'unknown': the check itself failed, so the form is offered. */
type LinkState = 'live' | 'spent' | 'unknown';

export async function loader({ request, context }: LoaderFunctionArgs): Promise<LinkState> {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  if (!/^[0-9a-f]{64}$/.test(token)) return 'spent';
  try {
    await context.get(apiContext).post('/user/reset-password/check', { token });
    return 'live';
  } catch (error) {
    // Only the API's own "no" says the link is spent; a server failure is never the shopper's link.
    if (error instanceof ApiFailure && error.status === 400) return 'spent';
    return 'unknown';
  }
}

export function Component() {
  const state = useLoaderData() as LinkState;
  return (
    <AuthPage title="page_reset_password" noindex>
      {state === 'spent' ? <SpentLink /> : <ResetForm />}
    </AuthPage>
  );
}

function SpentLink() {
  const { t } = useI18n();
  const href = useHref();
  return (
    <div className="auth-form" data-testid="reset-link-spent">
      <p className="form-alert" role="alert">
        {t('reset_link_invalid')}
      </p>
      <p>
        <Link className="button wide-button" to={href('/auth/forgot-password')}>
          {t('reset_request_new')}
        </Link>
      </p>
    </div>
  );
}

function ResetForm() {
  const { t } = useI18n();
  const href = useHref();
  const [params] = useSearchParams();
  const form = useForm({
    id: 'reset',
    schema: () => import('#shared/api/account-schemas').then((m) => m.resetPasswordSchema),
    initial: { token: params.get('token') ?? '', password: '', confirmPassword: '' },
    fields: {
      token: { label: 'page_reset_password' },
      password: { label: 'account_new_password_label' },
      confirmPassword: { label: 'account_confirm_label' },
    },
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
