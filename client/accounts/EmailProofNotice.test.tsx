// The account page's notice (decision 85): shown, with the address and the resend button, while her
// e-mail is not proven; not shown once it is, nor for an account without an e-mail; in both languages.
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '#shared/api/client';
import type { BootData, UserDisplay } from '#shared/boot';
import { ar } from '#shared/i18n/ar';
import { en } from '#shared/i18n/en';
import type { Lang } from '#shared/locale';
import { provideDictionary } from '../i18n/context';
import { AppProviders } from '../providers';
import { createSessionStore } from '../stores/session';
import { EmailProofNotice } from './EmailProofNotice';

provideDictionary('en', en);
provideDictionary('ar', ar);

const shopper = (email: string) => ({ id: 7, name: 'Noura', email, phone: null }) as unknown as UserDisplay;

/** The notice for `user`, whom the page's read of her account found `proven` (null: not read). */
function render(lang: Lang, user: UserDisplay, proven: boolean | null): string {
  const boot = { lang, origin: 'https://shop.test', css: [], texts: [], fallback: {}, country: 'KW', user };
  return renderToStaticMarkup(
    <AppProviders
      boot={boot as unknown as BootData}
      api={{} as ApiClient}
      session={createSessionStore({ country: 'KW', user })}
    >
      <MemoryRouter>
        <EmailProofNotice proven={proven} />
      </MemoryRouter>
    </AppProviders>,
  );
}

const dict = { en, ar } as const;
/** The dictionary text before its first placeholder: enough to find it in the page. */
const lead = (text: string) => text.split('{{')[0]!;

describe('EmailProofNotice', () => {
  it.each(['en', 'ar'] as const)(
    'asks her to confirm an address not proven yet, and offers the link again (%s)',
    (lang) => {
      const html = render(lang, shopper('noura@example.com'), false);
      expect(html).toContain('data-testid="email-proof-notice"');
      expect(html).toContain(lead(dict[lang].account_email_proof_notice));
      expect(html).toContain('noura@example.com');
      expect(html).toMatch(
        new RegExp(`data-testid="email-proof-resend"[^>]*>${dict[lang].account_email_proof_resend}<`),
      );
    },
  );

  it.each(['en', 'ar'] as const)('says nothing once her address is proven (%s)', (lang) => {
    const html = render(lang, shopper('noura@example.com'), true);
    expect(html).toBe('');
  });

  it('says nothing while the page has not read her account', () => {
    expect(render('en', shopper('noura@example.com'), null)).toBe('');
  });

  it('says nothing to an account without an e-mail (made with a phone)', () => {
    expect(render('en', shopper(''), false)).toBe('');
  });
});
