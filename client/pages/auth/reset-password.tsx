// /auth/reset-password: where the reset link of the forgot-password mail lands (noindex: the URL carries
// the token).
import '#client/styles/account.css';
import { Link, useSearchParams } from 'react-router';
import { MIN_PASSWORD_LENGTH } from '#shared/constants';
import { useAfterAuth } from '#client/accounts/after-auth';
import { AuthPage } from '#client/accounts/AuthPage';
import { PasswordInput } from '#client/accounts/PasswordField';
import { useI18n } from '#client/i18n/context';
import { useHref } from '#client/lib/locale';
import { Field, FormAlerts, useForm } from '#client/ui/form';

export function Component() {
  return (
    <AuthPage title="page_reset_password" noindex>
      <ResetForm />
    </AuthPage>
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
