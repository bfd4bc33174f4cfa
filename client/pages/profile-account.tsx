// /profile/account: name, mobile number (Kuwait +965 / Saudi Arabia +966), password, delete account.
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { removeAccountSchema, setNameSchema, setPasswordSchema, setPhoneSchema } from '../../shared/api/account-schemas';
import { MIN_PASSWORD_LENGTH } from '../../shared/constants';
import type { UserDisplay } from '../boot';
import { PasswordInput } from '../accounts/PasswordField';
import { useI18n } from '../i18n/context';
import { useSessionStore } from '../stores/session';
import { toast } from '../stores/toasts';
import { Field, FormAlerts, useForm } from '../ui/form';
import { Page } from '../ui/Page';
import { useHref } from '../lib/locale';

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

function useSaved(): (data: unknown) => void {
  const session = useSessionStore();
  return (data) => {
    const user = (data as { user?: UserDisplay }).user;
    if (user) session.user = user;
    toast.success('account_saved');
  };
}

function NameForm() {
  const { t } = useI18n();
  const { user } = useSnapshot(useSessionStore());
  const form = useForm({ id: 'account-name', schema: setNameSchema, initial: { name: user?.name ?? '' }, fields: { name: { label: 'account_name_label' } }, endpoint: '/user/profile/set-name', onSuccess: useSaved() });
  return (
    <section className="form-card" aria-labelledby="account-name-title">
      <h2 id="account-name-title">{t('account_name_section')}</h2>
      <form ref={form.formRef} noValidate onSubmit={form.submit}>
        <FormAlerts form={form} />
        <Field form={form} name="name" required>
          {(p) => <input {...p} type="text" autoComplete="name" />}
        </Field>
        <button type="submit" className="button" disabled={!form.ready}>
          {t('account_save')}
        </button>
      </form>
    </section>
  );
}

function PhoneForm() {
  const { t } = useI18n();
  const session = useSessionStore();
  const { user, country } = useSnapshot(session);
  const current = user?.phone ?? '';
  const initialCountry = current.startsWith('+966') ? 'SA' : current.startsWith('+965') ? 'KW' : country;
  const form = useForm({
    id: 'account-phone',
    schema: setPhoneSchema,
    initial: { country: initialCountry, phone: current.replace(/^\+96[56]/, '') },
    fields: { country: { label: 'account_country_label' }, phone: { label: 'account_phone_label', noun: 'account_phone_noun' } },
    endpoint: '/user/profile/set-phone',
    onSuccess: useSaved(),
  });
  const chosen = form.values.country === 'SA' ? 'SA' : 'KW';
  return (
    <section className="form-card" aria-labelledby="account-phone-title">
      <h2 id="account-phone-title">{t('account_phone_section')}</h2>
      <form ref={form.formRef} noValidate onSubmit={form.submit}>
        <FormAlerts form={form} />
        <Field form={form} name="country" required>
          {(p) => (
            <select {...p}>
              <option value="KW">{`${t('country_KW')} (+965)`}</option>
              <option value="SA">{`${t('country_SA')} (+966)`}</option>
            </select>
          )}
        </Field>
        <Field form={form} name="phone" hint={t(chosen === 'SA' ? 'account_phone_hint_SA' : 'account_phone_hint_KW')} required>
          {(p) => <input {...p} type="tel" autoComplete="tel-national" inputMode="tel" dir="ltr" />}
        </Field>
        <button type="submit" className="button" disabled={!form.ready}>
          {t('account_save')}
        </button>
      </form>
    </section>
  );
}

function PasswordForm() {
  const { t } = useI18n();
  const [key, setKey] = useState(0);
  const saved = useSaved();
  const form = useForm({
    id: `account-password-${key}`,
    schema: setPasswordSchema,
    initial: { old_password: '', new_password: '' },
    fields: { old_password: { label: 'account_old_password_label' }, new_password: { label: 'account_new_password_label' } },
    endpoint: '/user/profile/set-password',
    lengths: { new_password: { min: MIN_PASSWORD_LENGTH, max: 200 } },
    onSuccess: (data) => {
      saved(data);
      setKey(key + 1);
    },
  });
  return (
    <section className="form-card" aria-labelledby="account-password-title">
      <h2 id="account-password-title">{t('account_password_section')}</h2>
      <form ref={form.formRef} noValidate onSubmit={form.submit} key={key}>
        <FormAlerts form={form} />
        <Field form={form} name="old_password" required>
          {(p) => <PasswordInput control={p} autoComplete="current-password" />}
        </Field>
        <Field form={form} name="new_password" required>
          {(p) => <PasswordInput control={p} autoComplete="new-password" />}
        </Field>
        <button type="submit" className="button" disabled={!form.ready}>
          {t('account_save')}
        </button>
      </form>
    </section>
  );
}

function DeleteForm() {
  const { t, lang } = useI18n();
  const form = useForm({
    id: 'account-delete',
    schema: removeAccountSchema,
    initial: { password: '' },
    fields: { password: { label: 'account_delete_confirm_label' } },
    endpoint: '/user/remove',
    // Signed out everywhere: a full page load leaves nothing of the account in the page.
    onSuccess: () => window.location.assign(lang === 'ar' ? '/ar/logout-profile' : '/logout-profile'),
  });
  return (
    <section className="form-card danger-zone" aria-labelledby="account-delete-title">
      <h2 id="account-delete-title">{t('account_delete_section')}</h2>
      <p>{t('account_delete_body')}</p>
      <form ref={form.formRef} noValidate onSubmit={form.submit}>
        <FormAlerts form={form} />
        <Field form={form} name="password" required>
          {(p) => <PasswordInput control={p} autoComplete="current-password" />}
        </Field>
        <button type="submit" className="button danger-button" disabled={!form.ready}>
          {t('account_delete_submit')}
        </button>
      </form>
    </section>
  );
}
