// Signing out from a page: "Sign out" on the profile, or the end of a removal (profile-account.tsx).

/**
 * The page is on its way to /logout-profile. A call it made just before (the session's sync as it went
 * live) can come back 401 because that sign-out ended the session first: no reason to send the shopper
 * to sign in, told her session ended, which would also cut short her way home. The session client
 * (client/lib/session-client.ts) reads the mark on <html>, as the tests read data-hydrated; back on this
 * page from the browser's cache, the mark is gone and a 401 counts again.
 */
export function leavingToSignOut(
  click?: Pick<MouseEvent, 'button' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>,
): void {
  // A click that opens the sign-out in another tab or window leaves this page where it is, and its
  // 401s must still count.
  if (click && (click.button !== 0 || click.ctrlKey || click.metaKey || click.shiftKey || click.altKey)) return;
  const html = document.documentElement;
  html.setAttribute('data-signing-out', '');
  window.addEventListener(
    'pageshow',
    (event) => {
      if (event.persisted) html.removeAttribute('data-signing-out');
    },
    { once: true },
  );
}
