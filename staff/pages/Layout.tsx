// The staff app's frame: language and direction, the sections the staff member's roles open, who is
// signed in, the language switch and sign-out. Styles are one inline sheet under the page's nonce.
import { type ReactNode, useContext } from 'react';
import { HereContext } from '../lib/here';
import type { StaffTranslator } from '../lib/i18n';
import type { StaffSelf } from '../lib/api';
import { navFor } from '../nav';
import styles from '../styles.css?raw';

export interface LayoutProps {
  t: StaffTranslator;
  nonce: string;
  title: string;
  /** The signed-in member; absent on the sign-in pages. */
  me?: StaffSelf;
  /** The current path, to mark the section being shown. */
  path?: string;
  children: ReactNode;
}

export function Layout({ t, nonce, title, me, path = '/', children }: LayoutProps) {
  const section = (href: string) => (href === '/' ? path === '/' : path === href || path.startsWith(`${href}/`));
  // The switch comes back to this very page (a booking, a filtered list), else to its section.
  const back = useContext(HereContext) ?? path;
  return (
    <html lang={t.lang} dir={t.lang === 'ar' ? 'rtl' : 'ltr'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{`${title} · ${t.t('st_app_name')}`}</title>
        <style nonce={nonce}>{styles}</style>
      </head>
      <body>
        <a className="skip" href="#main">
          {t.t('st_skip_to_content')}
        </a>
        <header className="top">
          <span className="brand">{t.t('st_app_name')}</span>
          <form method="post" action="/lang" className="inline">
            <input type="hidden" name="lang" value={t.lang === 'ar' ? 'en' : 'ar'} />
            <input type="hidden" name="back" value={back} />
            <button
              type="submit"
              className="link"
              lang={t.lang === 'ar' ? 'en' : 'ar'}
              aria-label={t.t('st_language_switch_label')}
            >
              {t.t('st_language_switch')}
            </button>
          </form>
          {me && (
            <>
              <span className="who">
                {t.t('st_signed_in_as', {
                  // A nutritionist is named as shoppers know her, in Arabic letters on an Arabic page.
                  name: t.lang === 'ar' && me.nutritionist ? me.nutritionist.name_ar : me.staff.name,
                })}
              </span>
              <form method="post" action="/sign-out" className="inline">
                <button type="submit" className="link">
                  {t.t('st_sign_out')}
                </button>
              </form>
            </>
          )}
        </header>
        <div className={me ? 'frame' : 'frame single'}>
          {me && (
            <nav aria-label={t.t('st_main_nav')} className="side">
              <ul>
                {navFor(me.permissions).map((item) => (
                  <li key={item.href}>
                    <a href={item.href} aria-current={section(item.href) ? 'page' : undefined}>
                      {t.t(item.label)}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          <main id="main" tabIndex={-1}>
            {children}
          </main>
        </div>
      </body>
    </html>
  );
}

/** A failure from the API, in the staff member's language, announced to screen readers. */
export function ErrorNote({ t, msg }: { t: StaffTranslator; msg?: string | null }) {
  if (!msg) return null;
  return (
    <p className="note error" role="alert">
      {t.tKey(msg)}
    </p>
  );
}

/** A success note after a Post/Redirect/Get (the `done` query key). */
export function DoneNote({ text }: { text?: string | null }) {
  if (!text) return null;
  return (
    <p className="note done" role="status">
      {text}
    </p>
  );
}
