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

// The add-to-wishlist chooser: which SKU it is open for. Kept here, in the entry with the
// sign-in modal's state, because every product card's heart sets it: a module of its own became a chunk
// every catalogue page loaded before it was interactive. The deferred shell's WishlistChooserHost
// renders the chooser (decision 31).
export const wishlistChooser = proxy<{ item: { sku: number; name: string } | null }>({ item: null });

export function openWishlistChooser(sku: number, name: string): void {
  wishlistChooser.item = { sku, name };
}
