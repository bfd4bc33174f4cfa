// Profile root: the account menu of spec §2.
import { Link } from 'react-router';
import { PROFILE_MENU_IDS, routeById, titleOf } from '#shared/routes';
import { useI18n } from '../i18n/context';
import { useHref } from '../lib/locale';
import { Page } from '../ui/Page';

export function Component() {
  const { t } = useI18n();
  const href = useHref();
  return (
    <Page title={t('page_profile')}>
      <nav aria-label={t('profile_menu_label')}>
        <ul className="menu-list">
          {PROFILE_MENU_IDS.map((id) => (
            <li key={id}>
              <Link to={href(routeById(id).path)}>{t(titleOf(routeById(id)))}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <p>
        <Link reloadDocument to={href('/logout-profile')} data-testid="sign-out">
          {t('sign_out')}
        </Link>
      </p>
    </Page>
  );
}
