// /auth/forgot-password: asks for the e-mail the reset link goes to.
import '#client/styles/account.css';
import { useState } from 'react';
import { AuthPage } from '#client/accounts/AuthPage';
import { useI18n } from '#client/i18n/context';
import { Field, FormAlerts, useForm } from '#client/ui/form';
import type { PageDeclaration } from '../../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = {
  group: 'account',
  texts: ['accounts'],
  id: 'forgot-password',
  siteIndex: 'account',
} satisfies PageDeclaration;

export function Component() {
  return (
    <AuthPage title="page_forgot_password">
      <ForgotForm />
    </AuthPage>
  );
}

function ForgotForm() {
  const { t } = useI18n();
  const [sent, setSent] = useState(false);
  const form = useForm({
    id: 'forgot',
    schema: () => import('#shared/api/account-schemas').then((m) => m.forgotPasswordSchema),
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
