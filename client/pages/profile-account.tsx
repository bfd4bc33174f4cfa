// /profile/account: name, mobile number (Kuwait +965 / Saudi Arabia +966), password, delete account.
import '../styles/account.css';
import { useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { MIN_PASSWORD_LENGTH } from '#shared/constants';
import type { UserDisplay } from '#shared/boot';
import { PasswordInput } from '../accounts/PasswordField';
import { useI18n } from '../i18n/context';
import { useSessionStore } from '../stores/session';
import { toast } from '../stores/toasts';
import type { MessageId } from '#shared/i18n';
import { Field, FormAlerts, useForm, type FormApi } from '../ui/form';
import { Page } from '../ui/Page';
import { useHref } from '../lib/locale';
import { COUNTRY_FACTS } from '#shared/locale';

export function Component() {
  const { t } = useI18n();
  const href = useHref();
  return (
    <Page title={t('page_profile_account')} crumbs={[{ label: t('page_profile'), to: href('/profile') }]}>
      <p>{t('account_details_intro')}</p>
      <div className="account-sections">
        <NameForm />
        <PhoneForm />
        <PasswordForm />
        <DeleteForm />
      </div>
    </Page>
  );
}

/** One titled form of the page: heading, alerts, the fields, and its submit button. */
function AccountSection<V extends Record<string, string | string[]>>(props: {
  id: string;
  title: MessageId;
  form: FormApi<V>;
  submit?: MessageId;
  danger?: boolean;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const { form } = props;
  return (
    <section className={props.danger ? 'form-card danger-zone' : 'form-card'} aria-labelledby={`${props.id}-title`}>
      <h2 id={`${props.id}-title`}>{t(props.title)}</h2>
      {props.intro}
      <form ref={form.formRef} noValidate onSubmit={form.submit}>
        <FormAlerts form={form} />
        {props.children}
        <button type="submit" className={props.danger ? 'button danger-button' : 'button'} disabled={!form.ready}>
          {t(props.submit ?? 'account_save')}
        </button>
      </form>
    </section>
  );
}

function useSaved(): (data: unknown) => void {
  const session = useSessionStore();
  return (data) => {
    const user = (data as { user?: UserDisplay }).user;
    if (user) session.user = user;
    toast.success('account_saved');
  };
}

function NameForm() {
  const { user } = useSnapshot(useSessionStore());
  const form = useForm({
    id: 'account-name',
    schema: () => import('#shared/api/account-schemas').then((m) => m.setNameSchema),
    initial: { name: user?.name ?? '' },
    fields: { name: { label: 'account_name_label' } },
    endpoint: '/user/profile/set-name',
    onSuccess: useSaved(),
  });
  return (
    <AccountSection id="account-name" title="account_name_section" form={form}>
      <Field form={form} name="name" required>
        {(p) => <input {...p} type="text" autoComplete="name" />}
      </Field>
    </AccountSection>
  );
}

function PhoneForm() {
  const { t } = useI18n();
  const session = useSessionStore();
  const { user, country } = useSnapshot(session);
  const current = user?.phone ?? '';
  const initialCountry = current.startsWith(COUNTRY_FACTS.SA.dialCode)
    ? 'SA'
    : current.startsWith(COUNTRY_FACTS.KW.dialCode)
      ? 'KW'
      : country;
  const form = useForm({
    id: 'account-phone',
    schema: () => import('#shared/api/account-schemas').then((m) => m.setPhoneSchema),
    initial: { country: initialCountry, phone: current.replace(/^\+96[56]/, '') },
    fields: {
      country: { label: 'account_country_label' },
      phone: { label: 'account_phone_label', noun: 'account_phone_noun' },
    },
    endpoint: '/user/profile/set-phone',
    onSuccess: useSaved(),
  });
  const chosen = form.values.country === 'SA' ? 'SA' : 'KW';
  return (
    <AccountSection id="account-phone" title="account_phone_section" form={form}>
      <Field form={form} name="country" required>
        {(p) => (
          <select {...p}>
            <option value="KW">{`${t('country_KW')} (${COUNTRY_FACTS.KW.dialCode})`}</option>
            <option value="SA">{`${t('country_SA')} (${COUNTRY_FACTS.SA.dialCode})`}</option>
          </select>
        )}
      </Field>
      <Field
        form={form}
        name="phone"
        hint={t(chosen === 'SA' ? 'account_phone_hint_SA' : 'account_phone_hint_KW')}
        required
      >
        {(p) => <input {...p} type="tel" autoComplete="tel-national" inputMode="tel" dir="ltr" />}
      </Field>
    </AccountSection>
  );
}

/** After a change the form starts empty again: a new key remounts it with fresh state. */
function PasswordForm() {
  const [round, setRound] = useState(0);
  return <PasswordFields key={round} onChanged={() => setRound((r) => r + 1)} />;
}

function PasswordFields({ onChanged }: { onChanged: () => void }) {
  const saved = useSaved();
  const form = useForm({
    id: 'account-password',
    schema: () => import('#shared/api/account-schemas').then((m) => m.setPasswordSchema),
    initial: { old_password: '', new_password: '' },
    fields: {
      old_password: { label: 'account_old_password_label' },
      new_password: { label: 'account_new_password_label' },
    },
    endpoint: '/user/profile/set-password',
    lengths: { new_password: { min: MIN_PASSWORD_LENGTH, max: 200 } },
    onSuccess: (data) => {
      saved(data);
      onChanged();
    },
  });
  return (
    <AccountSection id="account-password" title="account_password_section" form={form}>
      <Field form={form} name="old_password" required>
        {(p) => <PasswordInput control={p} autoComplete="current-password" />}
      </Field>
      <Field form={form} name="new_password" required>
        {(p) => <PasswordInput control={p} autoComplete="new-password" />}
      </Field>
    </AccountSection>
  );
}

function DeleteForm() {
  const { t, lang } = useI18n();
  const form = useForm({
    id: 'account-delete',
    schema: () => import('#shared/api/account-schemas').then((m) => m.removeAccountSchema),
    initial: { password: '' },
    fields: { password: { label: 'account_delete_confirm_label' } },
    endpoint: '/user/remove',
    // Signed out everywhere: a full page load leaves nothing of the account in the page.
    onSuccess: () => window.location.assign(lang === 'ar' ? '/ar/logout-profile' : '/logout-profile'),
  });
  return (
    <AccountSection
      id="account-delete"
      title="account_delete_section"
      form={form}
      submit="account_delete_submit"
      danger
      intro={<p>{t('account_delete_body')}</p>}
    >
      <Field form={form} name="password" required>
        {(p) => <PasswordInput control={p} autoComplete="current-password" />}
      </Field>
    </AccountSection>
  );
}
