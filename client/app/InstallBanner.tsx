// The install banner: a small, dismissible offer at the bottom of the screen, loaded only
// when AppInstallSlot decides to show it. "Install" opens the browser's own install dialog; "Not now"
// (or declining that dialog) keeps the banner away for 30 days. It takes no focus: it is no modal.
import '../styles/app-install.css';
import { useI18n } from '../i18n/context';
import type { InstallPromptEvent } from './install-prompt';

export default function InstallBanner({
  offer,
  onDone,
}: {
  offer: InstallPromptEvent;
  onDone: (dismissed: boolean) => void;
}) {
  const { t } = useI18n();
  async function install() {
    try {
      await offer.prompt();
      const { outcome } = await offer.userChoice;
      onDone(outcome === 'dismissed');
    } catch {
      // An offer can be used once; a second call throws. Nothing more to offer on this page.
      onDone(false);
    }
  }
  return (
    <section className="install-banner" aria-labelledby="install-banner-title" data-testid="install-banner">
      <svg className="install-banner-mark" viewBox="0 0 32 32" width="40" height="40" aria-hidden="true">
        <rect className="fig-brand" width="32" height="32" rx="9" />
        <path className="fig-check" d="M10 17.5 14.5 22 23 11" />
      </svg>
      <div className="install-banner-text">
        <h2 id="install-banner-title">{t('app_install_title')}</h2>
        <p>{t('app_install_body')}</p>
      </div>
      <div className="install-banner-actions">
        <button type="button" className="button" onClick={() => void install()}>
          {t('app_install_action')}
        </button>
        <button type="button" className="button button-secondary" onClick={() => onDone(true)}>
          {t('app_install_dismiss')}
        </button>
      </div>
    </section>
  );
}
