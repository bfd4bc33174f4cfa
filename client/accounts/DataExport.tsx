// The account page's "Your data" (decision 49): ask for an archive of everything the shop keeps,
// see it being prepared, download it while it is ready (24 hours, a signed link through the
// storefront), or read that it expired. The page's loader brings the latest request with the page.
import { useContext, useState } from 'react';
import { useSnapshot } from 'valtio';
import { ApiFailure } from '#shared/api/client';
import type { DataExportRequested, DataExportView } from '#shared/api/data-rights-schemas';
import { formatDate } from '#shared/text/dates';
import { useI18n } from '../i18n/context';
import { useHref } from '../lib/locale';
import { ApiContext } from '../providers';
import { useSessionStore } from '../stores/session';
import { toast } from '../stores/toasts';

/** "1.2 MB", "640 kB", with Latin digits in both languages. */
function sizeText(bytes: number, lang: 'en' | 'ar'): string {
  const mb = bytes >= 1_000_000;
  return new Intl.NumberFormat(`${lang}-u-nu-latn`, {
    style: 'unit',
    unit: mb ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: 1,
  }).format(mb ? bytes / 1_000_000 : Math.max(0.1, bytes / 1000));
}

export function DataExport({ initial }: { initial: DataExportView | null }) {
  const { t, tKey, lang } = useI18n();
  const href = useHref();
  const { country, user } = useSnapshot(useSessionStore());
  // Where the notice goes: her e-mail, or a text to the number an account made with a code signs in with.
  const textTo = !user?.email && user?.phone_verified && user.phone ? `\u2066${user.phone}\u2069` : null;
  const api = useContext(ApiContext)!;
  const [state, setState] = useState(initial);
  const [busy, setBusy] = useState(false);
  const when = (ms: number) => formatDate(ms, lang, country, { time: true });
  // Rendered on the server too: the time that decides "expired" is the view's, read once.
  const [now] = useState(() => Date.now());
  const status = state?.status === 'ready' && (state.expires_at ?? 0) <= now ? 'expired' : state?.status;
  const waiting = state && state.next_allowed_at > now && status !== 'failed';

  async function ask() {
    setBusy(true);
    try {
      const res = await api.post<DataExportRequested>('/user/data/export', {});
      setState(res.data.export);
      toast.success('account_data_requested_toast');
    } catch (e) {
      toast.apiError(tKey(e instanceof ApiFailure ? (e.meta.key ?? e.meta.msg) : 'server_error'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="form-card" id="account-data" aria-labelledby="account-data-title" data-testid="account-data">
      <h2 id="account-data-title">{t('account_data_section')}</h2>
      <p>{textTo ? t('account_data_intro_phone', { phone: textTo }) : t('account_data_intro')}</p>
      <p data-testid="data-export-state" role="status">
        {status === 'requested' &&
          state &&
          (textTo
            ? t('account_data_requested_phone', { date: when(state.requested_at), phone: textTo })
            : t('account_data_requested', { date: when(state.requested_at) }))}
        {status === 'ready' &&
          state &&
          t('account_data_ready', { size: sizeText(state.size ?? 0, lang), date: when(state.expires_at ?? 0) })}
        {status === 'expired' && state && t('account_data_expired', { date: when(state.expires_at ?? now) })}
        {status === 'failed' && t('account_data_failed')}
      </p>
      {status === 'ready' && state?.download ? (
        <a className="button" href={state.download} download data-testid="data-export-download">
          {t('account_data_download')}
        </a>
      ) : status !== 'requested' && waiting ? (
        <p>{t('account_data_next', { date: when(state.next_allowed_at) })}</p>
      ) : status !== 'requested' ? (
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => void ask()}
          data-testid="data-export-request"
        >
          {t('account_data_request')}
        </button>
      ) : null}
      <p>
        <a href={href('/privacy-policy')}>{t('account_data_privacy')}</a>
      </p>
    </section>
  );
}
