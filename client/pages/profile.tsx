// Profile root: the account menu of spec §2, with her points balance beside the Points link (issue 47).
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ApiFailure } from '#shared/api/client';
import type { LoyaltySummary } from '#shared/loyalty/types';
import { PAGE_PATHS, PROFILE_MENU_IDS, titleOf } from '#shared/page-paths';
import { signedInCall } from '../accounts/guard';
import { apiContext } from '../boot';
import { useI18n } from '../i18n/context';
import { useHref } from '../lib/locale';
import { leavingToSignOut } from '../accounts/sign-out';
import { Page } from '../ui/Page';
import type { PageDeclaration } from '../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = { group: 'account', texts: ['accounts'], siteIndex: 'account' } satisfies PageDeclaration;

interface ProfileData {
  /** Her points in the request's country; null when they could not be read (the menu still shows). */
  points: number | null;
}

export async function loader(args: LoaderFunctionArgs): Promise<ProfileData> {
  const api = args.context.get(apiContext);
  return signedInCall(args, async () => {
    try {
      return { points: (await api.get<LoyaltySummary>('/loyalty')).data.balance };
    } catch (error) {
      // A session that ended goes to sign in; any other failure leaves only the balance out.
      if (error instanceof ApiFailure && error.status === 401) throw error;
      console.warn('profile: points balance unavailable', error);
      return { points: null };
    }
  });
}

export function Component() {
  const { t } = useI18n();
  const href = useHref();
  const data = useLoaderData() as ProfileData | undefined;
  const points = data?.points ?? null;
  return (
    <Page title={t('page_profile')}>
      <nav aria-label={t('profile_menu_label')}>
        <ul className="menu-list">
          {PROFILE_MENU_IDS.map((id) => (
            <li key={id}>
              <Link to={href(PAGE_PATHS[id])} data-testid={id === 'profile-points' ? 'profile-points-link' : undefined}>
                {t(titleOf(id))}
                {id === 'profile-points' && points !== null && (
                  <span className="cart-line-meta">{` · ${t('profile_points_balance', { count: points })}`}</span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p>
        <Link reloadDocument to={href('/logout-profile')} onClick={leavingToSignOut} data-testid="sign-out">
          {t('sign_out')}
        </Link>
      </p>
    </Page>
  );
}
