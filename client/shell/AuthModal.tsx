// The sign-in / sign-up modal frame (spec §2). The accounts issue puts its forms in the body; the frame
// owns the title, mode switch, back button and the success action that resumes after login.
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { useI18n } from '../i18n/context';
import { useHref } from '../lib/locale';
import { authModal, closeAuthModal, setAuthMode } from '../stores/auth-modal';
import { Modal } from '../ui/Modal';

export function AuthModal() {
  const { t } = useI18n();
  const href = useHref();
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
        <Link className="button" to={href(signUp ? '/auth/sign-up' : '/auth/sign-in')} onClick={closeAuthModal}>
          {t(snap.mode)}
        </Link>
        <button type="button" className="link-button" onClick={() => setAuthMode(signUp ? 'sign_in' : 'sign_up')}>
          {t(signUp ? 'sign_in' : 'sign_up')}
        </button>
      </div>
    </Modal>
  );
}
