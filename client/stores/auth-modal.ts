// Sign-in / sign-up modal state (spec §2, §4). An action that needed sign-in is kept and resumed
// after a successful login, then forgotten.
import { proxy } from 'valtio';

export type AuthMode = 'sign_in' | 'sign_up';

export const authModal = proxy({ open: false, mode: 'sign_in' as AuthMode });

let successAction: (() => void) | null = null;

export function openAuthModal(options: { mode?: AuthMode; onSuccess?: () => void } = {}): void {
  authModal.mode = options.mode ?? 'sign_in';
  authModal.open = true;
  successAction = options.onSuccess ?? null;
}

export function setAuthMode(mode: AuthMode): void {
  authModal.mode = mode;
}

export function closeAuthModal(): void {
  authModal.open = false;
  successAction = null;
}

/** Called by the forms after a successful login or registration: close, then resume. */
export function completeAuth(): void {
  const action = successAction;
  successAction = null;
  authModal.open = false;
  action?.();
}
