// Toast behaviour of spec §4/§9: auto-dismiss at 4000 ms; a new toast makes the shown one leave and
// appears about 350 ms later.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, resetToasts, showToast, toastState } from './toasts';

describe('toast store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetToasts();
  });
  afterEach(() => vi.useRealTimers());

  it('shows a toast and dismisses it after 4000 ms', () => {
    showToast('success', 'item_added_to_cart');
    expect(toastState.current?.message).toBe('item_added_to_cart');
    vi.advanceTimersByTime(3999);
    expect(toastState.leaving).toBe(false);
    vi.advanceTimersByTime(1);
    expect(toastState.leaving).toBe(true);
    vi.advanceTimersByTime(350);
    expect(toastState.current).toBeNull();
  });

  it('replaces a shown toast: the old one exits first, the new one shows after 350 ms', () => {
    showToast('info', 'link_copied');
    vi.advanceTimersByTime(1000);
    showToast('error', 'server_error');
    expect(toastState.leaving).toBe(true);
    expect(toastState.current?.message).toBe('link_copied');
    vi.advanceTimersByTime(349);
    expect(toastState.current?.message).toBe('link_copied');
    vi.advanceTimersByTime(1);
    expect(toastState.current?.message).toBe('server_error');
    expect(toastState.current?.type).toBe('error');
    expect(toastState.leaving).toBe(false);
    vi.advanceTimersByTime(4000);
    expect(toastState.leaving).toBe(true);
  });

  it('keeps only the latest of several quick toasts', () => {
    showToast('info', 'a');
    showToast('info', 'b');
    showToast('info', 'c');
    vi.advanceTimersByTime(350);
    expect(toastState.current?.message).toBe('c');
  });

  it('can be closed by hand', () => {
    showToast('warning', 'x');
    dismissToast();
    vi.advanceTimersByTime(350);
    expect(toastState.current).toBeNull();
  });
});
