// Toast stack (spec §4, §9): one toast shows at a time. A new toast while one is shown makes the
// old one exit first and appears about 350 ms later; each toast dismisses itself after 4000 ms.
import { proxy } from 'valtio';
import { TOAST_DURATION_MS, TOAST_REPLACE_DELAY_MS } from '#shared/constants';
import type { MessageId, Params } from '#shared/i18n';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

export interface Toast {
  id: number;
  type: ToastType;
  /** A dictionary key, or a server text when `literal` is set. */
  message: string;
  params?: Params;
  literal?: boolean;
}

export const toastState = proxy({
  current: null as Toast | null,
  leaving: false,
  next: null as Toast | null,
});

let seq = 0;
let dismissTimer: ReturnType<typeof setTimeout> | undefined;
let swapTimer: ReturnType<typeof setTimeout> | undefined;

function present(toast: Toast | null): void {
  toastState.current = toast;
  toastState.leaving = false;
  clearTimeout(dismissTimer);
  if (toast) dismissTimer = setTimeout(dismissToast, TOAST_DURATION_MS);
}

/** Starts the exit of the shown toast; the queued one (if any) follows after the replace delay. */
export function dismissToast(): void {
  if (!toastState.current || toastState.leaving) return;
  clearTimeout(dismissTimer);
  toastState.leaving = true;
  clearTimeout(swapTimer);
  swapTimer = setTimeout(() => {
    const following = toastState.next;
    toastState.next = null;
    present(following);
  }, TOAST_REPLACE_DELAY_MS);
}

export function showToast(type: ToastType, message: MessageId | string, params?: Params, literal = false): Toast {
  const toast: Toast = { id: ++seq, type, message, params, literal };
  if (!toastState.current) {
    present(toast);
  } else {
    toastState.next = toast;
    dismissToast();
  }
  return toast;
}

export const toast = {
  success: (key: MessageId, params?: Params) => showToast('success', key, params),
  error: (key: MessageId, params?: Params) => showToast('error', key, params),
  warning: (key: MessageId, params?: Params) => showToast('warning', key, params),
  info: (key: MessageId, params?: Params) => showToast('info', key, params),
  /** An API failure: meta.msg is a key when the dictionaries know it, else a server text. */
  apiError: (msg: string) => showToast('error', msg, undefined, true),
};

/** For tests: back to a clean state. */
export function resetToasts(): void {
  clearTimeout(dismissTimer);
  clearTimeout(swapTimer);
  toastState.current = null;
  toastState.next = null;
  toastState.leaving = false;
}
