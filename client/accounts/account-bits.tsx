// Small parts several account forms share: the form of the sign-in and sign-up steps, the terms a new
// account accepts, and the country-code choice of a mobile number.
import { COUNTRY_CODES } from '#shared/locale';
import { COUNTRY_FACTS } from '#shared/countries';
import { pagePath } from '#shared/page-paths';
import { useI18n } from '../i18n/context';
import type { ReactNode } from 'react';
import { FormAlerts, type ControlProps, type FormApi, type FormValues } from '../ui/form';

/** A sign-in or sign-up step's form: posted by script, busy while sending, its alerts first. */
export function AuthForm<V extends FormValues>({
  form,
  testId,
  before,
  children,
}: {
  form: FormApi<V>;
  testId: string;
  /** What the step says above its alerts (where the code went, a welcome). */
  before?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form
      ref={form.formRef}
      className="auth-form"
      method="post"
      noValidate
      onSubmit={form.submit}
      aria-busy={form.sending || undefined}
      data-testid={testId}
    >
      {before}
      <FormAlerts form={form} />
      {children}
    </form>
  );
}

/** "By creating an account you accept our Terms and Privacy policy", under every way to make one. */
export function TermsNote() {
  const { t, lang } = useI18n();
  return (
    <p className="form-note">
      {t('sign_up_agree')}{' '}
      <a href={pagePath('terms', lang)} target="_blank" rel="noopener">
        {t('page_terms')}
      </a>{' '}
      {t('and_word')}{' '}
      <a href={pagePath('privacy-policy', lang)} target="_blank" rel="noopener">
        {t('page_privacy_policy')}
      </a>
    </p>
  );
}

/** The countries served with their dialling codes (+965…), for a mobile number's field. */
export function CountryCodeSelect({ control }: { control: ControlProps }) {
  const { t } = useI18n();
  return (
    <select {...control}>
      {COUNTRY_CODES.map((c) => (
        <option key={c} value={c}>{`${t(`country_${c}`)} (${COUNTRY_FACTS[c].dialCode})`}</option>
      ))}
    </select>
  );
}
