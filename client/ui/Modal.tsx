// Generic modal (spec §2): sizes xs–full, 300 ms closing animation, page scroll locked while open,
// optional close icon, header actions back/edit/add/close. Built on <dialog>.showModal(), which gives
// the focus trap, Escape and an inert background for keyboard and screen-reader users.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { MODAL_CLOSE_MS } from '../../shared/constants';
import { useI18n } from '../i18n/context';
import { Icon } from './Icon';

export type ModalSize = 'xs' | 'sm' | 'md' | 'lg' | 'full';

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

export function Modal({ open, onClose, title, size = 'md', showClose = true, onBack, onEdit, onAdd, children }: ModalProps) {
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
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!mounted || !dialog) return;
    if (!dialog.open) dialog.showModal();
    lockScroll(true);
    return () => {
      lockScroll(false);
      if (dialog.open) dialog.close();
    };
  }, [mounted]);

  if (!mounted) return null;

  return (
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
