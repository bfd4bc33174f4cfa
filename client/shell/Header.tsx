import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { useI18n } from '../i18n/context';
import { withTexts } from '../i18n/texts';
import { useHref } from '../lib/locale';
import { openAuthModal } from '../stores/auth-modal';
import { cart, cartCount } from '../cart/cart-store';
import { useBloodTestCartNeeded } from '../blood-tests/cart-presence';
import { useSessionStore } from '../stores/session';
import { Icon } from '../ui/Icon';
import { HerSlot, useHerParts } from '../app/her-parts';
import { formatNumber } from '#shared/money';
import { CategoryMenu } from './CategoryMenu';
import { countLinkName } from './count-name';
import { CountrySwitch } from './CountrySwitch';
import { HeaderSearch } from './HeaderSearch';
import { LanguageSwitch } from './LanguageSwitch';

// With the blood-test area's texts: its label and the cart's toasts are not in every page's shell texts.
const HeaderBloodTestCart = lazy(withTexts(['blood-tests'], () => import('../blood-tests/HeaderBloodTestCart')));

export function Header() {
  const { t, lang } = useI18n();
  const href = useHref();
  // The cart is the browser's (spec §4): its count is read from her storage once the page is hydrated,
  // and the badge shows only once the page is live (app.css), never the server's "0" turning into hers.
  const { items } = useSnapshot(cart);
  const { country } = useSnapshot(useSessionStore());
  const count = cartCount(items);
  const shown = formatNumber(count, lang, country);
  const bloodTests = useBloodTestCartNeeded();

  return (
    <header className="site-header">
      <div className="header-row container">
        <div className="header-start">
          <CategoryMenu />
          <Link to={href('/')} className="logo" aria-label={t('brand_name')}>
            <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
              <rect width="32" height="32" rx="9" fill="var(--brand)" />
              <path
                d="M10 17.5 14.5 22 23 11"
                stroke="#fff"
                strokeWidth="3"
                fill="none"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            <span className="logo-text">{t('brand_name')}</span>
          </Link>
        </div>
        <HeaderSearch />
        <nav className="header-actions" aria-label={t('main_navigation')}>
          <LanguageSwitch />
          <CountrySwitch />
          <HerAccount />
          <Link
            to={href('/cart')}
            className="header-action cart-link"
            aria-label={countLinkName(t('cart_label'), t('cart_count', { count }), shown)}
          >
            <Icon name="cart" flip />
            <span className="badge" data-testid="cart-count" aria-hidden="true">
              {shown}
            </span>
          </Link>
          {/* The blood-test cart is separate (spec §3): its own link and count, shown once it holds a test.
              Client-only, so its code loads only once the cart matters in this tab (cart-presence.ts). */}
          {bloodTests && (
            <Suspense fallback={null}>
              <HeaderBloodTestCart />
            </Suspense>
          )}
        </nav>
      </div>
    </header>
  );
}

/**
 * The account link, one of her places (app/her-parts.tsx): her name once she is known; in her kept copy,
 * a neutral link to her account (never the guest's "Sign in", which would flash). Only the server renders
 * the kept copy: the browser finds her own link in its place (her fill swapped it in, and put her into
 * the session's store through the boot data), so the neutral link is no part of its JavaScript.
 */
export function HerAccount() {
  const { t } = useI18n();
  const href = useHref();
  const { user } = useSnapshot(useSessionStore());
  // The server's alone: the browser's build has no call at all (a build-time constant, so the hooks'
  // order is the same on every render of either build).
  // biome-ignore lint/correctness/useHookAtTopLevel: import.meta.env.SSR never changes within a build.
  const neutral = import.meta.env.SSR && useHerParts()?.state === 'pending';
  return (
    <HerSlot name="account">
      {user || neutral ? (
        <Link
          to={href('/profile')}
          className="header-action"
          aria-label={neutral ? t('account_label') : `${t('account_label')}: ${user!.name}`}
        >
          <Icon name="user" />
        </Link>
      ) : (
        <Link
          to={href('/auth/sign-in')}
          className="header-action"
          aria-label={t('sign_in')}
          onClick={(e) => {
            e.preventDefault();
            openAuthModal({ mode: 'sign_in' });
          }}
        >
          <Icon name="user" />
        </Link>
      )}
    </HerSlot>
  );
}
