// /cart-reminders/stop?t=…: the stop link of cart reminder mails (issue 64). Opening the link changes
// nothing (mail scanners follow links): the shopper presses the button, which posts the token, and no
// more cart reminders go to that address, at once. WhatsApp has its own stop link, web push its topic.
import { useSearchParams } from 'react-router';
import { AuthPage } from '#client/accounts/AuthPage';
import { MailLinkAction } from '#client/accounts/MailLinkAction';
import { useI18n } from '#client/i18n/context';
import type { PageDeclaration } from '../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = {
  path: '/cart-reminders/stop',
  title: 'page_cart_reminders_stop',
  group: 'account',
  texts: ['orders'],
  siteIndex: false,
} satisfies PageDeclaration;

const TOKEN = /^[A-Za-z0-9_-]{3,400}\.[0-9a-f]{32}$/;

export function Component() {
  return (
    <AuthPage title="page_cart_reminders_stop" noindex>
      <Stop />
    </AuthPage>
  );
}

function Stop() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  return (
    <MailLinkAction
      valid={TOKEN.test(token)}
      invalidKey="cart_reminders_stop_invalid"
      post={(api) => api.post('/cart-reminders/stop', { token }).then(() => null)}
      texts={{
        intro: 'cart_reminders_stop_intro',
        button: 'cart_reminders_stop_button',
        working: 'cart_reminders_stop_working',
      }}
      done={() => <p>{t('cart_reminders_stopped')}</p>}
      testIds={{ done: 'cart-reminders-stopped', failed: 'cart-reminders-stop-failed' }}
    />
  );
}
