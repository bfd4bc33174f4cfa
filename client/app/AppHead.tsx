// The installable app's head tags: the web app manifest of the page's language, and the
// home-screen tags iOS reads. Rendered by the server only (entry.server.tsx, beside the preloads): React
// hoists them into <head> and hydration leaves them be, so the browser's entry bundle does not grow.
// A page's language never changes without a reload (the language switch reloads), so they stay right.
import { APPLE_TOUCH_ICON, manifestPath } from '#shared/app/paths';
import { en } from '#shared/i18n/en';
import { ar } from '#shared/i18n/ar';
import type { Lang } from '#shared/locale';

export function AppHead({ lang }: { lang: Lang }) {
  return (
    <>
      <link rel="manifest" href={manifestPath(lang)} />
      <link rel="apple-touch-icon" href={APPLE_TOUCH_ICON} />
      <meta name="apple-mobile-web-app-capable" content="yes" />
      <meta name="apple-mobile-web-app-title" content={(lang === 'ar' ? ar : en).brand_name} />
    </>
  );
}
