// /alerts/unsubscribe?token=…: the one-click unsubscribe link of alert mails. Opening the link
// changes nothing (mail scanners follow links): the shopper presses the button, which posts the token.
import { useSearchParams } from 'react-router';
import { ALERT_UNSUBSCRIBE_TOKEN } from '#shared/api/alert-token';
import { AuthPage } from '#client/accounts/AuthPage';
import { MailLinkAction } from '#client/accounts/MailLinkAction';
import { useI18n } from '#client/i18n/context';
import type { PageDeclaration } from '../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = { group: 'account', texts: ['accounts'], siteIndex: false } satisfies PageDeclaration;

export function Component() {
  return (
    <AuthPage title="page_alerts_unsubscribe" noindex>
      <Unsubscribe />
    </AuthPage>
  );
}

function Unsubscribe() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return (
    <MailLinkAction
      valid={ALERT_UNSUBSCRIBE_TOKEN.test(token)}
      invalidKey="unsubscribe_link_invalid"
      post={(api) =>
        api.post<{ product_name: string | null }>('/alerts/unsubscribe', { token }).then((r) => r.data.product_name)
      }
      texts={{
        intro: 'alerts_unsubscribe_intro',
        button: 'alerts_unsubscribe_button',
        working: 'alerts_unsubscribe_working',
      }}
      done={(product) => (
        <>
          <p>{t('alert_unsubscribed')}</p>
          {product && <p>{t('alerts_unsubscribe_done_product', { product })}</p>}
        </>
      )}
      testIds={{ done: 'alerts-unsubscribe-done', failed: 'alerts-unsubscribe-failed' }}
    />
  );
}
