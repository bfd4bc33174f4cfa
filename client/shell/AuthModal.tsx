// The sign-in / sign-up modal (spec §2): title sign_in or sign_up, mode switch, a back button in
// sign-up, and the success action that resumes after login (the forms call completeAuth).
import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { useI18n } from '../i18n/context';
import { withTexts } from '../i18n/texts';
import { authModal, closeAuthModal, setAuthMode } from '../stores/auth-modal';
import { Modal } from '../ui/Modal';

// The forms (their validation library and the accounts texts) load when the modal first opens, not with every page.
const loadForms = withTexts(['accounts'], () => import('../accounts/AuthForms'));
const SignInForm = lazy(() => loadForms().then((m) => ({ default: m.SignInForm })));
const SignUpForm = lazy(() => loadForms().then((m) => ({ default: m.SignUpForm })));

export function AuthModal() {
  const { t } = useI18n();
  const snap = useSnapshot(authModal);
  const signUp = snap.mode === 'sign_up';

  return (
    <Modal
      open={snap.open}
      onClose={closeAuthModal}
      title={t(snap.mode)}
      size="sm"
      onBack={signUp ? () => setAuthMode('sign_in') : undefined}
    >
      <div className="auth-modal" data-testid="auth-modal" data-mode={snap.mode}>
        <Suspense fallback={<p>{t('loading')}</p>}>
          {signUp ? <SignUpForm mode="modal" /> : <SignInForm mode="modal" />}
        </Suspense>
      </div>
    </Modal>
  );
}
