// A consultation's state in words.
import { useI18n } from '../i18n/context';
import type { ConsultationStatus } from './types';

export function StatusBadge({ status }: { status: ConsultationStatus }) {
  const { t } = useI18n();
  return (
    <span className="consult-status" data-testid="consult-status">
      {t(`consult_status_${status}`)}
    </span>
  );
}
