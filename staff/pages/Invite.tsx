import { STAFF_MIN_PASSWORD } from '#shared/api/staff-schemas';
import type { StaffTranslator } from '../lib/i18n';
import { ErrorNote, Layout } from './Layout';

export interface InvitationView {
  email: string;
  name: string;
  secret: string;
  /** The otpauth:// URI as an SVG QR code (uqr), drawn on the server. */
  qrSvg: string;
}

export function InvitePage(props: {
  t: StaffTranslator;
  nonce: string;
  token: string;
  invitation: InvitationView;
  error?: string | null;
}) {
  const { t, invitation } = props;
  return (
    <Layout t={t} nonce={props.nonce} title={t.t('st_invite_title')}>
      <div className="card stack">
        <h1>{t.t('st_invite_title')}</h1>
        <p>{t.t('st_invite_intro', { email: invitation.email })}</p>
        <ErrorNote t={t} msg={props.error} />
        <p>{t.t('st_invite_step_app')}</p>
        <div
          className="qr"
          role="img"
          aria-label={t.t('st_invite_qr_label')}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the SVG is drawn here by uqr from the otpauth URI, no user markup
          dangerouslySetInnerHTML={{ __html: invitation.qrSvg }}
        />
        <p>
          {t.t('st_invite_key')}:{' '}
          <code dir="ltr" className="mono">
            {invitation.secret.replace(/(.{4})/g, '$1 ').trim()}
          </code>
        </p>
        <form method="post" action={`/invite/${props.token}`} className="stack">
          <p>{t.t('st_invite_step_password', { length: STAFF_MIN_PASSWORD })}</p>
          <div>
            <label htmlFor="password">{t.t('st_password')}</label>
            <input
              id="password"
              name="password"
              type="password"
              autoComplete="new-password"
              minLength={STAFF_MIN_PASSWORD}
              required
            />
          </div>
          <div>
            <label htmlFor="confirm">{t.t('st_invite_confirm')}</label>
            <input
              id="confirm"
              name="confirm"
              type="password"
              autoComplete="new-password"
              minLength={STAFF_MIN_PASSWORD}
              required
            />
          </div>
          <p>{t.t('st_invite_step_code')}</p>
          <div>
            <label htmlFor="code">{t.t('st_code')}</label>
            <input
              type="text"
              id="code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              required
              dir="ltr"
            />
          </div>
          <button type="submit">{t.t('st_invite_submit')}</button>
        </form>
      </div>
    </Layout>
  );
}
