// Language switch (spec §4): keeps the page, sets the locale cookie, clears session storage, reloads.
import { useLocation } from 'react-router';
import { COOKIE_NAMES, localizePath, splitLocalePath, type Lang } from '#shared/locale';
import { useI18n } from '../i18n/context';
import { setCookie } from '../lib/cookies';

export function LanguageSwitch() {
  const { t, lang } = useI18n();
  const location = useLocation();
  const other: Lang = lang === 'ar' ? 'en' : 'ar';
  const target = localizePath(splitLocalePath(location.pathname).path, other) + location.search + location.hash;

  return (
    <a
      className="header-action lang-switch"
      href={target}
      hrefLang={other}
      lang={other}
      title={t('language_switch_label')}
      data-testid="language-switch"
      onClick={(e) => {
        e.preventDefault();
        setCookie(COOKIE_NAMES.lang, other);
        try {
          sessionStorage.clear();
        } catch {
          // storage may be unavailable (private mode); the reload still switches language
        }
        window.location.assign(target);
      }}
    >
      {t('language_switch_to')}
    </a>
  );
}
