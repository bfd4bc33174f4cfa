// Generic modal (spec §2): sizes xs–full, 300 ms closing animation, page scroll locked while open,
// optional close icon, header actions back/edit/add/close. Built on <dialog>.showModal(), which gives
// the focus trap, Escape and an inert background for keyboard and screen-reader users. On closing,
// focus goes back to the control that opened the modal.
import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { MODAL_CLOSE_MS } from '#shared/constants';
import { useI18n } from '../i18n/context';
import { Icon } from './Icon';

type ModalSize = 'xs' | 'sm' | 'md' | 'lg' | 'full';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: ModalSize;
  showClose?: boolean;
  onBack?: () => void;
  onEdit?: () => void;
  onAdd?: () => void;
  children: ReactNode;
}

let openCount = 0;

function lockScroll(lock: boolean): void {
  openCount += lock ? 1 : -1;
  document.documentElement.classList.toggle('scroll-locked', openCount > 0);
}

export function Modal({
  open,
  onClose,
  title,
  size = 'md',
  showClose = true,
  onBack,
  onEdit,
  onAdd,
  children,
}: ModalProps) {
  const { t } = useI18n();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [mounted, setMounted] = useState(open);
  const [closing, setClosing] = useState(false);

  useEffect(() => {
    if (open) {
      setMounted(true);
      setClosing(false);
      return;
    }
    if (!mounted) return;
    setClosing(true);
    const timer = setTimeout(() => {
      setClosing(false);
      setMounted(false);
    }, MODAL_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [open, mounted]);

  // A layout effect, so the opener is read before anything else moves focus, and restored in the
  // same commit that removes the dialog (the browser would otherwise leave focus on <body>).
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!mounted || !dialog) return;
    const active = document.activeElement;
    const opener =
      active instanceof HTMLElement && active !== document.body && !dialog.contains(active) ? active : null;
    if (!dialog.open) dialog.showModal();
    lockScroll(true);
    return () => {
      lockScroll(false);
      if (dialog.open) dialog.close();
      // Only when focus would otherwise be lost: a modal that closes by sending the shopper somewhere
      // else (a link inside it) may already have moved focus on purpose.
      const now = document.activeElement;
      const lost = !now || now === document.body || dialog.contains(now);
      if (lost && opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [mounted]);

  if (!mounted) return null;

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; by keyboard, Escape does (onCancel)
    <dialog
      ref={ref}
      className={`modal modal-${size}${closing ? ' is-closing' : ''}`}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
    >
      <div className="modal-panel">
        <header className="modal-header">
          {onBack && (
            <button type="button" className="icon-button" onClick={onBack} aria-label={t('back')}>
              <Icon name="back" flip />
            </button>
          )}
          <h2 id={titleId} className="modal-title">
            {title}
          </h2>
          {onEdit && (
            <button type="button" className="icon-button" onClick={onEdit} aria-label={t('edit')}>
              <Icon name="edit" />
            </button>
          )}
          {onAdd && (
            <button type="button" className="icon-button" onClick={onAdd} aria-label={t('add')}>
              <Icon name="add" />
            </button>
          )}
          {showClose && (
            <button type="button" className="icon-button" onClick={onClose} aria-label={t('close')}>
              <Icon name="close" />
            </button>
          )}
        </header>
        <div className="modal-body">{children}</div>
      </div>
    </dialog>
  );
}
