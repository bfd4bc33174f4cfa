import type { StaffTranslator } from '../lib/i18n';
import { ErrorNote, Layout } from './Layout';

export function SignInPage(props: {
  t: StaffTranslator;
  nonce: string;
  error?: string | null;
  email?: string;
  notice?: boolean;
  joined?: boolean;
}) {
  const { t } = props;
  return (
    <Layout t={t} nonce={props.nonce} title={t.t('st_sign_in_title')}>
      <div className="card stack">
        <h1>{t.t('st_sign_in_title')}</h1>
        <p className="muted">{t.t('st_sign_in_intro')}</p>
        {props.notice && <p role="status">{t.t('st_session_needed')}</p>}
        {props.joined && (
          <p className="note done" role="status">
            {t.t('st_invite_done')}
          </p>
        )}
        <ErrorNote t={t} msg={props.error} />
        <form method="post" action="/sign-in" className="stack">
          <div>
            <label htmlFor="email">{t.t('st_email')}</label>
            <input
              id="email"
              name="email"
              type="email"
              autoComplete="username"
              required
              defaultValue={props.email}
              dir="ltr"
            />
          </div>
          <div>
            <label htmlFor="password">{t.t('st_password')}</label>
            <input id="password" name="password" type="password" autoComplete="current-password" required />
          </div>
          <button type="submit">{t.t('st_continue')}</button>
        </form>
      </div>
    </Layout>
  );
}

export function VerifyPage(props: { t: StaffTranslator; nonce: string; error?: string | null }) {
  const { t } = props;
  return (
    <Layout t={t} nonce={props.nonce} title={t.t('st_verify_title')}>
      <div className="card stack">
        <h1>{t.t('st_verify_title')}</h1>
        <p className="muted" id="code-help">
          {t.t('st_verify_intro')}
        </p>
        <ErrorNote t={t} msg={props.error} />
        <form method="post" action="/verify" className="stack">
          <div>
            <label htmlFor="code">{t.t('st_code')}</label>
            <input
              type="text"
              id="code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9٠-٩]{6}"
              maxLength={6}
              required
              aria-describedby="code-help"
              dir="ltr"
            />
          </div>
          <button type="submit">{t.t('st_verify')}</button>
        </form>
        <p>
          <a href="/sign-in">{t.t('st_start_again')}</a>
        </p>
      </div>
    </Layout>
  );
}
