// /profile/account: name, e-mail (added to an account made with a phone), mobile number (Kuwait +965 /
// Saudi Arabia +966) and signing in with it, password, a copy of her data (decision 49), erasing her
// health data while the account stays (decision 49), delete account (with a code when there is no
// password), her birthday for the yearly points (issue 47). The loader reads the data export's state and
// her account (for the birthday) in the page's one trip. While her e-mail is not proven (decision 85) a
// notice says where the link went and sends it again.
import '../styles/account.css';
import { CountryCodeSelect } from '../accounts/account-bits';
import { useContext, useState, type FormEvent, type ReactNode } from 'react';
import { birthdayDaysIn, isBirthday } from '#shared/loyalty/birthday';
import { formatNumber } from '#shared/money';
import { ApiFailure } from '#shared/api/client';
import { PhoneCode } from '../accounts/PhoneCode';
import { refusalOf, useSecondsLeft, WaitText } from '../accounts/code-wait';
import { ApiContext } from '../providers';
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
import { COUNTRY_CODES, DEFAULT_COUNTRY, isCountryCode, type CountryCode } from '#shared/locale';
import { COUNTRY_FACTS } from '#shared/countries';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { DataExportState, DataExportView } from '#shared/api/data-rights-schemas';
import { signedInCall } from '../accounts/guard';
import { DataExport } from '../accounts/DataExport';
import { EmailProofNotice } from '../accounts/EmailProofNotice';
import { HealthDataErase } from '../accounts/HealthDataErase';
import { apiContext } from '../boot';
import { leavingToSignOut } from '../accounts/sign-out';
import type { PageDeclaration } from '../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = { group: 'account', texts: ['accounts'], siteIndex: 'account' } satisfies PageDeclaration;

interface Data {
  dataExport: DataExportView | null;
  birthday: string | null;
  /** Her account as read now: whether its e-mail is proven (decision 85), however old the page's session is. */
  emailProven: boolean | null;
}

export async function loader(args: LoaderFunctionArgs): Promise<Data> {
  const api = args.context.get(apiContext);
  return signedInCall(args, async () => {
    const [res, me] = await Promise.all([
      api.get<DataExportState>('/user/data/export'),
      api.get<{ user: UserDisplay }>('/user/me'),
    ]);
    return {
      dataExport: res.data.export,
      birthday: me.data.user.birthday ?? null,
      emailProven: me.data.user.email_proven ?? null,
    };
  });
}

export function Component() {
  const { t } = useI18n();
  const href = useHref();
  const { user } = useSnapshot(useSessionStore());
  // An account made with a phone code has no e-mail until its shopper adds one, and no password (a
  // "forgot password" mail, once it has an e-mail, sets one).
  const phoneOnly = user?.email === '';
  const noPassword = user?.has_password === false;
  const data = useLoaderData() as Data | undefined;
  return (
    <Page title={t('page_profile_account')} crumbs={[{ label: t('page_profile'), to: href('/profile') }]}>
      <p>{t('account_details_intro')}</p>
      <EmailProofNotice proven={data?.emailProven ?? null} />
      <div className="account-sections">
        <NameForm />
        {phoneOnly && <AddEmailForm />}
        <PhoneForm />
        <PhoneSignIn />
        <BirthdayForm initial={data?.birthday ?? null} />
        {!noPassword && <PasswordForm />}
        <DataExport initial={data?.dataExport ?? null} />
        <HealthDataErase />
        {noPassword ? <DeleteByCode /> : <DeleteForm />}
      </div>
    </Page>
  );
}

function AddEmailForm() {
  const { t } = useI18n();
  // The address joins the account once the link mailed to it is opened.
  const [pending, setPending] = useState<string | null>(null);
  const form = useForm({
    id: 'account-email',
    schema: () => import('#shared/api/phone-auth-schemas').then((m) => m.addEmailSchema),
    initial: { email: '' },
    fields: { email: { label: 'account_email_label', noun: 'account_email_noun' } },
    endpoint: '/user/profile/add-email',
    onSuccess: (data) => setPending((data as { pending: string }).pending),
  });
  return (
    <AccountSection
      id="account-email"
      title="account_email_section"
      form={form}
      submit="account_email_add"
      intro={
        <>
          <p>{t('account_email_add_intro')}</p>
          {pending && (
            <p role="status" data-testid="email-pending">
              {t('account_email_pending', { email: pending })}
            </p>
          )}
        </>
      }
    >
      <Field form={form} name="email" required>
        {(p) => <input {...p} type="email" autoComplete="email" inputMode="email" dir="ltr" />}
      </Field>
    </AccountSection>
  );
}

/** Signing in with the phone: the proven number, or the code steps that prove one. */
function PhoneSignIn() {
  const { t } = useI18n();
  const session = useSessionStore();
  const { user } = useSnapshot(session);
  const [round, setRound] = useState(0);
  return (
    <section className="form-card" aria-labelledby="account-phone-sign-in-title" data-testid="account-phone-sign-in">
      <h2 id="account-phone-sign-in-title">{t('account_phone_verify_title')}</h2>
      {user?.phone_verified && user.phone ? (
        <>
          <p data-testid="phone-verified">{t('account_phone_verified', { phone: `\u2066${user.phone}\u2069` })}</p>
          <WhatsAppUpdates on={!!user.whatsapp_updates} />
        </>
      ) : (
        <>
          <p>{t('account_phone_verify_intro')}</p>
          <PhoneCode
            key={round}
            id="account-verify"
            purpose="verify"
            onDone={(data) => {
              const verified = (data as { user?: UserDisplay }).user;
              if (verified) session.user = verified;
              toast.success('account_phone_verified_toast');
              setRound((r) => r + 1);
            }}
          />
        </>
      )}
    </section>
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

/** A month and a day (no year): the yearly birthday points come from 30 days after it is set. */
function BirthdayForm({ initial }: { initial: string | null }) {
  const { t, lang, tKey, has } = useI18n();
  const api = useContext(ApiContext)!;
  const session = useSessionStore();
  const { country } = useSnapshot(session);
  const [saved, setSaved] = useState(initial);
  const [month, setMonth] = useState(initial ? String(Number(initial.slice(0, 2))) : '');
  const [day, setDay] = useState(initial ? String(Number(initial.slice(3, 5))) : '');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const monthName = new Intl.DateTimeFormat(`${lang}-u-nu-latn`, { month: 'long', timeZone: 'UTC' });
  const days = month ? birthdayDaysIn(Number(month)) : 31;

  async function send(birthday: string | null) {
    setError(null);
    setSending(true);
    try {
      const res = await api.post<{ user: UserDisplay }>('/user/profile/set-birthday', { birthday });
      session.user = res.data.user;
      setSaved(birthday);
      if (birthday === null) {
        setMonth('');
        setDay('');
      }
      toast.success('account_saved');
    } catch (failure) {
      const key = failure instanceof ApiFailure ? (failure.meta.key ?? failure.meta.msg) : 'server_error';
      setError(has(key) ? tKey(key) : t('server_error'));
    } finally {
      setSending(false);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const value = month && day ? `${month.padStart(2, '0')}-${day.padStart(2, '0')}` : '';
    if (!isBirthday(value)) {
      setError(t('account_birthday_invalid'));
      document.getElementById('account-birthday-month')?.focus();
      return;
    }
    void send(value);
  }

  return (
    <section className="form-card" aria-labelledby="account-birthday-title" data-testid="account-birthday">
      <h2 id="account-birthday-title">{t('account_birthday_section')}</h2>
      <p id="account-birthday-intro">{t('account_birthday_intro')}</p>
      <form onSubmit={submit} noValidate>
        {error && (
          <p className="form-alert" role="alert">
            {error}
          </p>
        )}
        <div className="birthday-fields">
          <div className="field">
            <label className="field-label" htmlFor="account-birthday-month">
              {t('account_birthday_month')}
            </label>
            <select
              id="account-birthday-month"
              value={month}
              aria-describedby="account-birthday-intro"
              aria-invalid={error ? true : undefined}
              onChange={(e) => {
                setMonth(e.target.value);
                if (e.target.value && Number(day) > birthdayDaysIn(Number(e.target.value))) setDay('');
              }}
            >
              <option value="">{t('account_birthday_none')}</option>
              {Array.from({ length: 12 }, (_, i) => (
                <option key={i + 1} value={String(i + 1)}>
                  {monthName.format(Date.UTC(2000, i, 1))}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field-label" htmlFor="account-birthday-day">
              {t('account_birthday_day')}
            </label>
            <select
              id="account-birthday-day"
              value={day}
              aria-invalid={error ? true : undefined}
              onChange={(e) => setDay(e.target.value)}
            >
              <option value="">{t('account_birthday_none')}</option>
              {Array.from({ length: days }, (_, i) => (
                <option key={i + 1} value={String(i + 1)}>
                  {formatNumber(i + 1, lang, country)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="form-actions">
          <button type="submit" className="button" disabled={sending} data-testid="account-birthday-save">
            {t('account_save')}
          </button>
          {saved && (
            <button
              type="button"
              className="button button-secondary"
              disabled={sending}
              onClick={() => void send(null)}
            >
              {t('account_birthday_remove')}
            </button>
          )}
        </div>
      </form>
    </section>
  );
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
  const initialCountry = countryOfPhone(current, country);
  const form = useForm({
    id: 'account-phone',
    schema: () => import('#shared/api/account-schemas').then((m) => m.setPhoneSchema),
    initial: { country: initialCountry, phone: nationalPart(current, initialCountry) },
    fields: {
      country: { label: 'account_country_label' },
      phone: { label: 'account_phone_label', noun: 'account_phone_noun' },
    },
    endpoint: '/user/profile/set-phone',
    onSuccess: useSaved(),
  });
  const chosen = isCountryCode(form.values.country) ? form.values.country : DEFAULT_COUNTRY;
  return (
    <AccountSection id="account-phone" title="account_phone_section" form={form}>
      <Field form={form} name="country" required>
        {(p) => <CountryCodeSelect control={p} />}
      </Field>
      <Field form={form} name="phone" hint={t(`account_phone_hint_${chosen}`)} required>
        {(p) => <input {...p} type="text" autoComplete="tel-national" inputMode="tel" dir="ltr" />}
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

/** Order updates and visit reminders on WhatsApp, to the proven number: one tap on, one tap off. */
function WhatsAppUpdates({ on }: { on: boolean }) {
  const { t, tKey } = useI18n();
  const session = useSessionStore();
  const api = useContext(ApiContext)!;
  const [busy, setBusy] = useState(false);
  async function choose(next: boolean) {
    setBusy(true);
    try {
      const res = await api.post<{ user: UserDisplay }>('/user/profile/whatsapp', { on: next });
      session.user = res.data.user;
      toast.success(next ? 'account_whatsapp_on' : 'account_whatsapp_off');
    } catch (e) {
      toast.apiError(tKey(e instanceof ApiFailure ? (e.meta.key ?? e.meta.msg) : 'server_error'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <label className="checkbox">
      <input
        type="checkbox"
        checked={on}
        disabled={busy}
        onChange={(e) => void choose(e.target.checked)}
        data-testid="account-whatsapp-updates"
      />
      <span>{t('account_whatsapp_updates')}</span>
    </label>
  );
}

/** After a removal: signed out everywhere, and a full page load leaves nothing of the account in the page. */
function signedOutEverywhere(lang: 'en' | 'ar') {
  leavingToSignOut();
  window.location.assign(lang === 'ar' ? '/ar/logout-profile' : '/logout-profile');
}

/** The country of a stored number (+965…, +966…, +971…), else the one the shopper shops in. */
function countryOfPhone(phone: string, otherwise: CountryCode): CountryCode {
  return COUNTRY_CODES.find((c) => phone.startsWith(COUNTRY_FACTS[c].dialCode)) ?? otherwise;
}

/** A stored number without its country's dial code: what the national-number field shows. */
function nationalPart(phone: string, country: CountryCode): string {
  const dial = COUNTRY_FACTS[country].dialCode;
  return phone.startsWith(dial) ? phone.slice(dial.length) : phone;
}

/** An account without a password: a code sent to its phone confirms the removal. */
function DeleteByCode() {
  const { t, tKey, lang } = useI18n();
  const { user } = useSnapshot(useSessionStore());
  const api = useContext(ApiContext)!;
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A refusal's time to wait (decision 51): the send button waits for it.
  const [until, setUntil] = useState<number | null>(null);
  const left = useSecondsLeft(until);
  const phone = user?.phone ?? '';
  const country = countryOfPhone(phone, DEFAULT_COUNTRY);
  const form = useForm({
    id: 'account-delete-code',
    schema: () => import('#shared/api/phone-auth-schemas').then((m) => m.removeByCodeSchema),
    initial: { code: '' },
    fields: { code: { label: 'code_label' } },
    endpoint: '/user/phone/remove',
    onSuccess: () => signedOutEverywhere(lang),
  });
  async function sendCode() {
    setError(null);
    try {
      await api.post('/user/phone/verify/code', {
        country,
        phone: phone.slice(COUNTRY_FACTS[country].dialCode.length),
        channel: 'whatsapp',
      });
      setSent(true);
    } catch (e) {
      setUntil(refusalOf(e)?.until ?? null);
      setError(e instanceof ApiFailure ? (e.meta.key ?? e.meta.msg) : 'server_error');
    }
  }
  return (
    <AccountSection
      id="account-delete"
      title="account_delete_section"
      form={form}
      submit="account_delete_submit"
      danger
      intro={
        <>
          <p>{t('account_delete_body')}</p>
          {error && (
            <p className="form-alert" role="alert">
              {tKey(error)} <WaitText seconds={left} kind="retry" />
            </p>
          )}
          {!sent && (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => void sendCode()}
              disabled={left > 0}
            >
              {t('code_send')}
            </button>
          )}
          {sent && <p role="status">{t('code_sent_whatsapp', { phone: `\u2066${phone}\u2069` })}</p>}
        </>
      }
    >
      {sent && (
        <Field form={form} name="code" required hint={t('code_hint')}>
          {(p) => <input {...p} type="text" inputMode="numeric" autoComplete="one-time-code" dir="ltr" />}
        </Field>
      )}
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
    onSuccess: () => signedOutEverywhere(lang),
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
