// Renders the toast store: polite live region (errors assertive), close button, swipe to dismiss.
import { useRef, useState, type PointerEvent } from 'react';
import { useSnapshot } from 'valtio';
import { TOAST_SWIPE_DISMISS_PX } from '#shared/constants';
import { useI18n } from '../i18n/context';
import { dismissToast, toastState } from '../stores/toasts';
import { Icon } from './Icon';

export function ToastStack() {
  const { t, tKey } = useI18n();
  const snap = useSnapshot(toastState);
  const start = useRef<number | null>(null);
  const [dx, setDx] = useState(0);
  const toast = snap.current;

  const onPointerDown = (e: PointerEvent) => {
    // A press on the close button is a click, not the start of a swipe: capturing the pointer here
    // would retarget its click to the toast and the button would never hear it.
    if ((e.target as Element).closest('button')) return;
    start.current = e.clientX;
    (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent) => {
    if (start.current !== null) setDx(e.clientX - start.current);
  };
  const onPointerUp = () => {
    if (Math.abs(dx) > TOAST_SWIPE_DISMISS_PX) dismissToast();
    start.current = null;
    setDx(0);
  };

  return (
    <section className="toast-region" aria-label={t('notifications_label')}>
      <div role="status" aria-live="polite" aria-atomic="true" className="toast-live">
        {toast && toast.type !== 'error' && !snap.leaving ? text(toast) : ''}
      </div>
      <div role="alert" aria-atomic="true" className="toast-live">
        {toast && toast.type === 'error' && !snap.leaving ? text(toast) : ''}
      </div>
      {toast && (
        <div
          key={toast.id}
          className={`toast toast-${toast.type}${snap.leaving ? ' is-leaving' : ''}`}
          data-testid="toast"
          data-type={toast.type}
          style={dx ? { transform: `translateX(${dx}px)`, opacity: Math.max(0.2, 1 - Math.abs(dx) / 200) } : undefined}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
        >
          <p className="toast-text" aria-hidden="true">
            {text(toast)}
          </p>
          <button type="button" className="icon-button" onClick={dismissToast} aria-label={t('dismiss')}>
            <Icon name="close" size={18} />
          </button>
        </div>
      )}
    </section>
  );

  function text(item: { message: string; params?: Record<string, string | number>; literal?: boolean }) {
    return item.literal ? tKey(item.message) : tKey(item.message, item.params);
  }
}
