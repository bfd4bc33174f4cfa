// The dialog that asks before an order or a booking is cancelled: what happens, the cancel button and
// the way to keep it. OrderActions (product orders) and BookingActions (blood-test bookings) both ask here.
import { useI18n } from '../i18n/context';
import { Modal } from '../ui/Modal';

export function CancelConfirm({
  open,
  onClose,
  onConfirm,
  busy,
  title,
  body,
  confirm,
  testId,
}: {
  open: boolean;
  onClose: () => void;
  onConfirm: () => unknown;
  busy: boolean;
  title: string;
  body: string;
  /** The confirm button's text. */
  confirm: string;
  testId: string;
}) {
  const { t } = useI18n();
  return (
    <Modal open={open} onClose={onClose} title={title} size="xs">
      <p>{body}</p>
      <div className="form-actions">
        <button
          type="button"
          className="button danger-button"
          disabled={busy}
          onClick={() => void onConfirm()}
          data-testid={testId}
        >
          {confirm}
        </button>
        <button type="button" className="button button-secondary" onClick={onClose}>
          {t('order_cancel_keep')}
        </button>
      </div>
    </Modal>
  );
}
