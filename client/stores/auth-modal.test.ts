import { describe, expect, it, vi } from 'vitest';
import { authModal, closeAuthModal, completeAuth, openAuthModal, setAuthMode } from './auth-modal';

describe('auth modal', () => {
  it('runs the success action once after login, then forgets it', () => {
    const action = vi.fn();
    openAuthModal({ mode: 'sign_up', onSuccess: action });
    expect(authModal).toMatchObject({ open: true, mode: 'sign_up' });
    setAuthMode('sign_in');
    completeAuth();
    expect(action).toHaveBeenCalledTimes(1);
    expect(authModal.open).toBe(false);
    completeAuth();
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('drops the action when closed without signing in', () => {
    const action = vi.fn();
    openAuthModal({ onSuccess: action });
    closeAuthModal();
    completeAuth();
    expect(action).not.toHaveBeenCalled();
  });
});
