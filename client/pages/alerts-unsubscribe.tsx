// /alerts/unsubscribe?token=…: the one-click unsubscribe link of alert mails. Opening the link
// changes nothing (mail scanners follow links): the shopper presses the button, which posts the token.
import { useContext, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ALERT_UNSUBSCRIBE_TOKEN } from '#shared/api/alert-token';
import { ApiFailure } from '#shared/api/client';
import { AuthPage } from '#client/accounts/AuthPage';
import { useI18n } from '#client/i18n/context';
import { ApiContext } from '#client/providers';
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

type State = { step: 'ask' | 'working' } | { step: 'done'; product: string | null } | { step: 'failed'; key: string };

function Unsubscribe() {
  const { t, tKey } = useI18n();
  const api = useContext(ApiContext)!;
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const valid = ALERT_UNSUBSCRIBE_TOKEN.test(token);
  const [state, setState] = useState<State>(
    valid ? { step: 'ask' } : { step: 'failed', key: 'unsubscribe_link_invalid' },
  );
  const result = useRef<HTMLDivElement>(null);

  const stop = async () => {
    if (!valid) return;
    setState({ step: 'working' });
    try {
      const res = await api.post<{ product_name: string | null }>('/alerts/unsubscribe', { token });
      setState({ step: 'done', product: res.data.product_name });
    } catch (e: unknown) {
      setState({ step: 'failed', key: e instanceof ApiFailure ? (e.meta.key ?? e.meta.msg) : 'server_error' });
    }
    // The answer replaces the button: move focus to it so keyboard and screen-reader users hear it.
    queueMicrotask(() => result.current?.focus());
  };

  if (state.step === 'done')
    return (
      <div className="form-success" role="status" tabIndex={-1} ref={result} data-testid="alerts-unsubscribe-done">
        <p>{t('alert_unsubscribed')}</p>
        {state.product && <p>{t('alerts_unsubscribe_done_product', { product: state.product })}</p>}
      </div>
    );
  if (state.step === 'failed')
    return (
      <div className="form-alert" role="alert" tabIndex={-1} ref={result} data-testid="alerts-unsubscribe-failed">
        <p>{tKey(state.key)}</p>
      </div>
    );
  return (
    <form
      className="auth-form"
      onSubmit={(event) => {
        event.preventDefault();
        void stop();
      }}
    >
      <p>{t('alerts_unsubscribe_intro')}</p>
      <button
        type="submit"
        className="button wide-button"
        disabled={state.step === 'working'}
        aria-busy={state.step === 'working'}
      >
        {state.step === 'working' ? t('alerts_unsubscribe_working') : t('alerts_unsubscribe_button')}
      </button>
    </form>
  );
}
