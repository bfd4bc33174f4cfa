// A consultation's state in words: a payment she cancelled (or left) is not called a failed one.
import type { ConsultationStatus } from '#shared/consultations/facts';
import { useI18n } from '../i18n/context';

export function StatusBadge({ status, cancelled = false }: { status: ConsultationStatus; cancelled?: boolean }) {
  const { t } = useI18n();
  return (
    <span className="consult-status" data-testid="consult-status">
      {status === 'payment_failed' && cancelled ? t('consult_status_payment_cancelled') : t(`consult_status_${status}`)}
    </span>
  );
}
