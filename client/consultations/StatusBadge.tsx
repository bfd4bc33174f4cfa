// A consultation's state in words.
import type { ConsultationStatus } from '#shared/consultations/facts';
import { useI18n } from '../i18n/context';

export function StatusBadge({ status }: { status: ConsultationStatus }) {
  const { t } = useI18n();
  return (
    <span className="consult-status" data-testid="consult-status">
      {t(`consult_status_${status}`)}
    </span>
  );
}
