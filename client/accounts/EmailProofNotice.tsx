// On her account page while her e-mail is not proven yet (decision 85): the shop sends order updates and
// reminders only to a proven address, so the page says where the link went and offers to send it again
// (POST /user/verify-email/resend). A refusal (429 rate_limited) shows its envelope's message, with the
// time to wait, as the page's other forms do.
import { useContext, useState } from 'react';
import { useSnapshot } from 'valtio';
import { ApiFailure } from '#shared/api/client';
import type { UserDisplay } from '#shared/boot';
import { refusalOf, useSecondsLeft, WaitText } from './code-wait';
import { useI18n } from '../i18n/context';
import { ApiContext } from '../providers';
import { useSessionStore } from '../stores/session';
import { toast } from '../stores/toasts';

/**
 * Whether the notice is due: she has an address and the page's own read of her account (/user/me)
 * says it is not proven. That read, not the session's copy of her, decides: it is as new as the page,
 * so a link opened in another tab ends the notice at her next visit.
 */
const needsEmailProof = (user: Pick<UserDisplay, 'email'> | null | undefined, proven: boolean | null) =>
  !!user?.email && proven === false;

export function EmailProofNotice({ proven }: { proven: boolean | null }) {
  const { t, tKey, has } = useI18n();
  const { user } = useSnapshot(useSessionStore());
  const api = useContext(ApiContext)!;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [until, setUntil] = useState<number | null>(null);
  const left = useSecondsLeft(until);
  if (!needsEmailProof(user, proven)) return null;

  async function resend() {
    setError(null);
    setBusy(true);
    try {
      await api.post('/user/verify-email/resend', {});
      toast.success('account_email_proof_sent');
    } catch (e) {
      setUntil(refusalOf(e)?.until ?? null);
      const key = e instanceof ApiFailure ? (e.meta.key ?? e.meta.msg) : 'server_error';
      setError(has(key) ? key : 'server_error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="form-note email-proof-notice" role="status" data-testid="email-proof-notice">
      <p>{t('account_email_proof_notice', { email: `\u2066${user!.email}\u2069` })}</p>
      {error && (
        <p className="form-alert" role="alert">
          {tKey(error)} <WaitText seconds={left} kind="retry" />
        </p>
      )}
      <button
        type="button"
        className="button button-secondary"
        disabled={busy || left > 0}
        onClick={() => void resend()}
        data-testid="email-proof-resend"
      >
        {t('account_email_proof_resend')}
      </button>
    </div>
  );
}
