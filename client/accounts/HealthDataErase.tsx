// The account page's "Your health data" (issue 44, decision 49): erase blood-test results, uploaded
// reports and their values, quiz answers, the reading profile and what her consultations hold (intake,
// chat, notes), while the account stays; the section says so before she presses. The button asks the
// API what there is (on demand: the page's loader stays one call) and a dialog lists each kind with its
// count before she confirms; with nothing kept, it says so and offers nothing to erase.
import { useContext, useState } from 'react';
import { ApiFailure } from '#shared/api/client';
import {
  HEALTH_DATA_KINDS,
  type HealthDataCounts,
  type HealthDataCountsAnswer,
  type HealthDataKind,
} from '#shared/api/data-rights-schemas';
import type { MessageId } from '#shared/i18n';
import { useI18n } from '../i18n/context';
import { ApiContext } from '../providers';
import { toast } from '../stores/toasts';
import { Modal } from '../ui/Modal';

const KIND_TEXT: Record<HealthDataKind, MessageId> = {
  lab_results: 'account_health_kind_lab_results',
  uploaded_reports: 'account_health_kind_uploaded_reports',
  uploaded_values: 'account_health_kind_uploaded_values',
  quiz_answers: 'account_health_kind_quiz_answers',
  reading_profile: 'account_health_kind_reading_profile',
  consultations: 'account_health_kind_consultations',
};

export function HealthDataErase() {
  const { t, tKey } = useI18n();
  const api = useContext(ApiContext)!;
  const [counts, setCounts] = useState<HealthDataCounts | null>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const failed = (e: unknown) =>
    toast.apiError(tKey(e instanceof ApiFailure ? (e.meta.key ?? e.meta.msg) : 'server_error'));

  async function look() {
    setBusy(true);
    try {
      const res = await api.get<HealthDataCountsAnswer>('/user/data/health');
      setCounts(res.data.counts);
      setOpen(true);
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  }

  async function erase() {
    setBusy(true);
    try {
      await api.post('/user/data/health/erase', { confirm: true });
      setOpen(false);
      toast.success('account_health_erased_toast');
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  }

  const kept = counts ? HEALTH_DATA_KINDS.filter((k) => counts[k] > 0) : [];
  return (
    <section className="form-card" aria-labelledby="account-health-title" data-testid="account-health">
      <h2 id="account-health-title">{t('account_health_section')}</h2>
      <p>{t('account_health_intro')}</p>
      <button
        type="button"
        className="button danger-button"
        disabled={busy}
        onClick={() => void look()}
        data-testid="health-erase-open"
      >
        {t('account_health_erase')}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={t('account_health_confirm_title')} size="sm">
        {kept.length === 0 ? (
          <p data-testid="health-erase-none">{t('account_health_none')}</p>
        ) : (
          <>
            <p>{t('account_health_confirm_body')}</p>
            <ul data-testid="health-erase-list">
              {kept.map((k) => (
                <li key={k}>{t(KIND_TEXT[k], { count: counts![k] })}</li>
              ))}
            </ul>
            <p>{t('account_health_confirm_keeps')}</p>
          </>
        )}
        <div className="form-actions">
          {kept.length > 0 && (
            <button
              type="button"
              className="button danger-button"
              disabled={busy}
              onClick={() => void erase()}
              data-testid="health-erase-confirm"
            >
              {t('account_health_confirm')}
            </button>
          )}
          <button type="button" className="button button-secondary" onClick={() => setOpen(false)}>
            {t('account_health_keep')}
          </button>
        </div>
      </Modal>
    </section>
  );
}
