// The blood-test checkout layout: its three steps need a signed-in shopper (the booking holds health
// data). Signed out, the sign-in modal opens at once and the step shows itself after the login (the
// modal's success action, spec §2); closing the modal leaves a button to open it again.
import '#client/styles/orders.css';
import '#client/styles/blood-test-booking.css';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useSnapshot } from 'valtio';
import { useI18n } from '#client/i18n/context';
import { openAuthModal } from '#client/stores/auth-modal';
import { useSessionStore } from '#client/stores/session';
import { Page } from '#client/ui/Page';

export function Component() {
  const { t } = useI18n();
  const { user } = useSnapshot(useSessionStore());
  const signedIn = !!user;
  useEffect(() => {
    // The steps render from the session store: once signed in they appear, nothing to navigate.
    if (!signedIn) openAuthModal({ onSuccess: () => undefined });
  }, [signedIn]);
  if (signedIn) return <Outlet />;
  return (
    <Page title={t('page_bt_checkout_shipping')}>
      <section className="form-card" data-testid="bt-sign-in-needed">
        <p>{t('bt_sign_in_needed')}</p>
        <button type="button" className="button" onClick={() => openAuthModal({ onSuccess: () => undefined })}>
          {t('bt_sign_in')}
        </button>
      </section>
    </Page>
  );
}
