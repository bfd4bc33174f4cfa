// A code sent to a phone, in two steps (decisions 43, 51): the number and the way (WhatsApp or SMS),
// then the code. Signing in, a number without an account asks for the shopper's name on the same step
// and makes the account; in the profile, the code proves a number the account then signs in with. The
// API's refusals (nothing sent, too many wrong codes) show as they are, with the time to wait counted
// down, and the resend link waits for the time the API gave.
import { useContext, useState } from 'react';
import { ApiFailure } from '#shared/api/client';
import { ApiContext } from '../providers';
import { AuthForm, CountryCodeSelect, TermsNote } from './account-bits';
import { useSnapshot } from 'valtio';
import type { CodeChannel } from '#shared/api/phone-auth-schemas';
import { DEFAULT_COUNTRY, isCountryCode, type CountryCode } from '#shared/locale';
import { COUNTRY_FACTS } from '#shared/countries';
import { useI18n } from '../i18n/context';
import { useSessionStore } from '../stores/session';
import { Field, useForm } from '../ui/form';
import { PasswordInput } from './PasswordField';
import { RefusalNote, refusalOf, resendAt, useSecondsLeft, WaitText, type Refusal } from './code-wait';

type Country = CountryCode;

interface Sent {
  country: Country;
  phone: string;
  channel: CodeChannel;
  /** When a new code may be asked for (the API's resend_in). */
  resendAt: number;
}

const ENDPOINTS = {
  sign_in: { code: '/user/phone/code', check: '/user/phone/sign-in' },
  verify: { code: '/user/phone/verify/code', check: '/user/phone/verify' },
} as const;

export function PhoneCode({
  id,
  purpose,
  onDone,
}: {
  /** Prefix of the forms' element ids (two may be on one page: the sign-in page and its modal). */
  id: string;
  purpose: 'sign_in' | 'verify';
  onDone: (data: unknown) => void;
}) {
  const [sent, setSent] = useState<Sent | null>(null);
  return sent ? (
    <CodeStep id={id} purpose={purpose} sent={sent} onDone={onDone} onRestart={() => setSent(null)} />
  ) : (
    <NumberStep id={id} purpose={purpose} onSent={setSent} />
  );
}

function NumberStep({ id, purpose, onSent }: { id: string; purpose: 'sign_in' | 'verify'; onSent: (s: Sent) => void }) {
  const { t } = useI18n();
  const api = useContext(ApiContext)!;
  const { country } = useSnapshot(useSessionStore());
  // Nothing was sent (a limit): the API's words and the time to wait, instead of the code step.
  const [refused, setRefused] = useState<Refusal | null>(null);
  const left = useSecondsLeft(refused?.until ?? null);
  const form = useForm({
    id: `${id}-number`,
    schema: () => import('#shared/api/phone-auth-schemas').then((m) => m.phoneCodeSchema),
    initial: { country: country as string, phone: '', channel: 'whatsapp' },
    fields: {
      country: { label: 'account_country_label' },
      phone: { label: 'account_phone_label', noun: 'account_phone_noun' },
      channel: { label: 'code_channel_label' },
    },
    endpoint: ENDPOINTS[purpose].code,
    send: (data) => {
      setRefused(null);
      return api.post(ENDPOINTS[purpose].code, data).then(
        (r) => r.data,
        (error: unknown) => {
          const refusal = refusalOf(error);
          if (!refusal) throw error;
          setRefused(refusal);
          return null;
        },
      );
    },
    onSuccess: (data) => {
      if (!data) return;
      onSent({
        country: form.values.country as Country,
        phone: form.values.phone,
        channel: form.values.channel as CodeChannel,
        resendAt: resendAt(data),
      });
    },
  });
  const chosen: Country = isCountryCode(form.values.country) ? form.values.country : DEFAULT_COUNTRY;
  return (
    <AuthForm
      form={form}
      testId="phone-code-form"
      before={refused && <RefusalNote refusal={refused} seconds={left} testId="code-refused" />}
    >
      <Field form={form} name="country" required>
        {(p) => <CountryCodeSelect control={p} />}
      </Field>
      <Field form={form} name="phone" required hint={t(`account_phone_hint_${chosen}`)}>
        {(p) => <input {...p} type="text" inputMode="tel" autoComplete="tel-national" dir="ltr" />}
      </Field>
      <fieldset className="code-channels">
        <legend>{t('code_channel_label')}</legend>
        {(['whatsapp', 'sms'] as const).map((channel) => (
          <label key={channel}>
            <input
              type="radio"
              name="channel"
              value={channel}
              checked={form.values.channel === channel}
              onChange={() => form.set('channel', channel)}
            />
            <span>{t(`code_channel_${channel}`)}</span>
          </label>
        ))}
      </fieldset>
      <button type="submit" className="button wide-button" disabled={!form.ready || left > 0}>
        {form.sending ? t('code_sending') : t('code_send')}
      </button>
    </AuthForm>
  );
}

function CodeStep({
  id,
  purpose,
  sent,
  onDone,
  onRestart,
}: {
  id: string;
  purpose: 'sign_in' | 'verify';
  sent: Sent;
  onDone: (data: unknown) => void;
  onRestart: () => void;
}) {
  const { t, tKey } = useI18n();
  const api = useContext(ApiContext)!;
  // A number without an account: the code was right, and stays good while she gives her name.
  const [newAccount, setNewAccount] = useState<string | null>(null);
  // Adding a phone to an account with a password asks for it too (the API refuses without).
  const { user } = useSnapshot(useSessionStore());
  const askPassword = purpose === 'verify' && user?.has_password !== false;
  // A new code on the same way (the older one stops working): how many were sent, or why not. The
  // link waits for the time the API gave (a success's resend_in, a refusal's retry_after).
  const [resent, setResent] = useState<{ n: number; error: Refusal | null }>({ n: 0, error: null });
  const [nextAt, setNextAt] = useState(sent.resendAt);
  const resendLeft = useSecondsLeft(nextAt);
  async function resend() {
    try {
      const answer = await api.post(ENDPOINTS[purpose].code, {
        country: sent.country,
        phone: sent.phone,
        channel: sent.channel,
      });
      setNextAt(resendAt(answer.data));
      setResent((r) => ({ n: r.n + 1, error: null }));
    } catch (e) {
      const refusal = refusalOf(e);
      if (refusal) setNextAt(refusal.until);
      const key = refusal?.key ?? (e instanceof ApiFailure ? (e.meta.key ?? e.meta.msg) : 'server_error');
      setResent((r) => ({ n: r.n, error: { key, until: refusal?.until ?? Date.now() } }));
    }
  }
  // Too many wrong codes on this device: the API's words and when to try again.
  const [locked, setLocked] = useState<Refusal | null>(null);
  const lockedLeft = useSecondsLeft(locked?.until ?? null);
  const check = (data: unknown) => {
    setLocked(null);
    return api.post(ENDPOINTS[purpose].check, askPassword ? data : { ...(data as object), password: undefined }).then(
      (r) => r.data,
      (error: unknown) => {
        const refusal = refusalOf(error);
        if (!refusal) throw error;
        setLocked(refusal);
        return null;
      },
    );
  };
  const form = useForm({
    id: `${id}-code`,
    schema: () =>
      import('#shared/api/phone-auth-schemas').then((m) =>
        purpose === 'verify' ? m.phoneVerifySchema : m.phoneSignInSchema,
      ),
    initial: { country: sent.country as string, phone: sent.phone, code: '', password: '' },
    fields: {
      code: { label: 'code_label' },
      password: { label: 'account_password_label' },
      country: { label: 'account_country_label' },
      phone: { label: 'account_phone_label', noun: 'account_phone_noun' },
    },
    endpoint: ENDPOINTS[purpose].check,
    // The password goes only where it is asked for.
    send: check,
    onSuccess: (data) => {
      if (!data) return;
      setLocked(null);
      if ((data as { needs_name?: boolean }).needs_name) setNewAccount(form.values.code);
      else onDone(data);
    },
  });
  if (newAccount !== null) return <NameStep id={id} sent={sent} code={newAccount} onDone={onDone} />;
  const shown = `${COUNTRY_FACTS[sent.country].dialCode} ${sent.phone}`;
  return (
    <AuthForm
      form={form}
      testId="phone-code-check"
      before={
        <>
          {/* The number is isolated: it reads left to right inside an Arabic sentence too. */}
          <p role="status" key={resent.n}>
            {t(`code_sent_${sent.channel}`, { phone: `\u2066${shown}\u2069` })}
          </p>
          {resent.error && (
            <p className="form-alert" role="alert" data-testid="code-resend-refused">
              {tKey(resent.error.key)}
            </p>
          )}
          {locked && <RefusalNote refusal={locked} seconds={lockedLeft} testId="code-locked" />}
        </>
      }
    >
      <Field form={form} name="code" required hint={t('code_hint')}>
        {(p) => <input {...p} type="text" inputMode="numeric" autoComplete="one-time-code" maxLength={12} dir="ltr" />}
      </Field>
      {askPassword && (
        <Field form={form} name="password" required>
          {(p) => <PasswordInput control={p} autoComplete="current-password" />}
        </Field>
      )}
      <button type="submit" className="button wide-button" disabled={!form.ready || lockedLeft > 0}>
        {purpose === 'verify' ? t('code_verify_submit') : t('code_submit')}
      </button>
      <p className="auth-links">
        <button
          type="button"
          className="link-button"
          onClick={() => void resend()}
          disabled={resendLeft > 0}
          aria-describedby={resendLeft > 0 ? `${id}-resend-wait` : undefined}
        >
          {t('code_resend')}
        </button>{' '}
        <WaitText seconds={resendLeft} kind="resend" id={`${id}-resend-wait`} />{' '}
        <button type="button" className="link-button" onClick={onRestart}>
          {t('code_change_number')}
        </button>
      </p>
    </AuthForm>
  );
}

/** A new shopper's name, sent with the code she proved her number with: the account is made. */
function NameStep({
  id,
  sent,
  code,
  onDone,
}: {
  id: string;
  sent: Sent;
  code: string;
  onDone: (data: unknown) => void;
}) {
  const { t } = useI18n();
  const form = useForm({
    id: `${id}-name`,
    schema: () =>
      import('#shared/api/phone-auth-schemas').then((m) =>
        m.phoneSignInSchema.refine((v) => !!v.name, { error: 'mandatory-field', path: ['name'] }),
      ),
    initial: { country: sent.country as string, phone: sent.phone, code, name: '' },
    fields: {
      name: { label: 'account_name_label' },
      code: { label: 'code_label' },
      country: { label: 'account_country_label' },
      phone: { label: 'account_phone_label', noun: 'account_phone_noun' },
    },
    endpoint: ENDPOINTS.sign_in.check,
    onSuccess: onDone,
  });
  return (
    <AuthForm form={form} testId="phone-code-name" before={<p role="status">{t('code_new_account')}</p>}>
      <Field form={form} name="name" required>
        {(p) => <input {...p} type="text" autoComplete="name" />}
      </Field>
      <TermsNote />
      <button type="submit" className="button wide-button" disabled={!form.ready}>
        {t('code_create_account')}
      </button>
    </AuthForm>
  );
}
