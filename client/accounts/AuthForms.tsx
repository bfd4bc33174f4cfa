// Sign-in and sign-up forms (spec §2, §5), used as pages and inside the sign-in/sign-up modal.
import '../styles/account.css';
import { AuthForm, TermsNote } from './account-bits';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { MIN_PASSWORD_LENGTH } from '#shared/constants';
import { useI18n } from '../i18n/context';
import { useHref } from '../lib/locale';
import { setAuthMode } from '../stores/auth-modal';
import { Field, useForm } from '../ui/form';
import { useAfterAuth } from './after-auth';
import { PasswordInput } from './PasswordField';
import { PhoneCode } from './PhoneCode';

/** Either form, or the same place signing in (or up) with a code sent to a phone (decision 43). */
export function SignInForm({ mode }: { mode: 'page' | 'modal' }) {
  const [byCode, setByCode] = useState(false);
  return byCode ? (
    <ByCode mode={mode} onPassword={() => setByCode(false)} />
  ) : (
    <PasswordSignIn mode={mode} onCode={() => setByCode(true)} />
  );
}

export function SignUpForm({ mode }: { mode: 'page' | 'modal' }) {
  const [byCode, setByCode] = useState(false);
  return byCode ? (
    <ByCode mode={mode} onPassword={() => setByCode(false)} />
  ) : (
    <PasswordSignUp mode={mode} onCode={() => setByCode(true)} />
  );
}

function ByCode({ mode, onPassword }: { mode: 'page' | 'modal'; onPassword: () => void }) {
  const { t } = useI18n();
  const afterAuth = useAfterAuth(mode);
  return (
    <div data-testid="sign-in-by-code">
      <PhoneCode id={`phone-${mode}`} purpose="sign_in" onDone={afterAuth} />
      <p>
        <button type="button" className="link-button" onClick={onPassword}>
          {t('password_sign_in_link')}
        </button>
      </p>
    </div>
  );
}

const PASSWORD_LENGTHS = {
  password: { min: MIN_PASSWORD_LENGTH, max: 200 },
  confirmPassword: { min: MIN_PASSWORD_LENGTH, max: 200 },
};

function PasswordSignIn({ mode, onCode }: { mode: 'page' | 'modal'; onCode: () => void }) {
  const { t } = useI18n();
  const href = useHref();
  const { search } = useLocation();
  const form = useForm({
    id: `sign-in-${mode}`,
    schema: () => import('#shared/api/account-schemas').then((m) => m.signInSchema),
    initial: { email: '', password: '' },
    fields: {
      email: { label: 'account_email_label', noun: 'account_email_noun' },
      password: { label: 'account_password_label' },
    },
    endpoint: '/user/login',
    lengths: PASSWORD_LENGTHS,
    onSuccess: useAfterAuth(mode),
  });
  return (
    <AuthForm form={form} testId="sign-in-form">
      <Field form={form} name="email" required>
        {(p) => <input {...p} type="email" autoComplete="email" inputMode="email" dir="ltr" />}
      </Field>
      <Field form={form} name="password" required>
        {(p) => <PasswordInput control={p} autoComplete="current-password" />}
      </Field>
      <p>
        <Link to={href('/auth/forgot-password')}>{t('forgot_password_link')}</Link>
      </p>
      <button type="submit" className="button wide-button" disabled={!form.ready}>
        {form.sending ? t('signing_in') : t('sign_in_submit')}
      </button>
      <p>
        <button type="button" className="link-button" onClick={onCode} data-testid="sign-in-code-link">
          {t('code_sign_in_link')}
        </button>
      </p>
      <p>
        {mode === 'modal' ? (
          <button type="button" className="link-button" onClick={() => setAuthMode('sign_up')}>
            {t('create_account_link')}
          </button>
        ) : (
          <Link to={href('/auth/sign-up') + search}>{t('create_account_link')}</Link>
        )}
      </p>
    </AuthForm>
  );
}

function PasswordSignUp({ mode, onCode }: { mode: 'page' | 'modal'; onCode: () => void }) {
  const { t } = useI18n();
  const href = useHref();
  const form = useForm({
    id: `sign-up-${mode}`,
    schema: () => import('#shared/api/account-schemas').then((m) => m.signUpSchema),
    initial: { name: '', email: '', password: '', confirmPassword: '' },
    fields: {
      name: { label: 'account_name_label' },
      email: { label: 'account_email_label', noun: 'account_email_noun' },
      password: { label: 'account_password_label' },
      confirmPassword: { label: 'account_confirm_label' },
    },
    endpoint: '/user/register',
    lengths: PASSWORD_LENGTHS,
    validateOnChange: true,
    onSuccess: useAfterAuth(mode),
  });
  return (
    <AuthForm form={form} testId="sign-up-form">
      <Field form={form} name="name" required>
        {(p) => <input {...p} type="text" autoComplete="name" />}
      </Field>
      <Field form={form} name="email" required>
        {(p) => <input {...p} type="email" autoComplete="email" inputMode="email" dir="ltr" />}
      </Field>
      <Field form={form} name="password" required>
        {(p) => <PasswordInput control={p} autoComplete="new-password" />}
      </Field>
      <Field form={form} name="confirmPassword" required>
        {(p) => <PasswordInput control={p} autoComplete="new-password" />}
      </Field>
      <TermsNote />
      <button type="submit" className="button wide-button" disabled={!form.ready}>
        {t('sign_up_submit')}
      </button>
      <p>
        <button type="button" className="link-button" onClick={onCode}>
          {t('code_sign_up_link')}
        </button>
      </p>
      <p>
        {mode === 'modal' ? (
          <button type="button" className="link-button" onClick={() => setAuthMode('sign_in')}>
            {t('have_account_link')}
          </button>
        ) : (
          <Link to={href('/auth/sign-in')}>{t('have_account_link')}</Link>
        )}
      </p>
    </AuthForm>
  );
}
