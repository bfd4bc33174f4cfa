// /cart-reminders/stop?t=…: the stop link of cart reminder mails (issue 64). Opening the link changes
// nothing (mail scanners follow links): the shopper presses the button, which posts the token, and no
// more cart reminders go to that address, at once. WhatsApp has its own stop link, web push its topic.
import { useContext, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiFailure } from '#shared/api/client';
import { AuthPage } from '#client/accounts/AuthPage';
import { useI18n } from '#client/i18n/context';
import { ApiContext } from '#client/providers';
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

type State = { step: 'ask' | 'working' | 'done' } | { step: 'failed'; key: string };

function Stop() {
  const { t, tKey } = useI18n();
  const api = useContext(ApiContext)!;
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const valid = TOKEN.test(token);
  const [state, setState] = useState<State>(
    valid ? { step: 'ask' } : { step: 'failed', key: 'cart_reminders_stop_invalid' },
  );
  const result = useRef<HTMLDivElement>(null);

  const stop = async () => {
    setState({ step: 'working' });
    try {
      await api.post('/cart-reminders/stop', { token });
      setState({ step: 'done' });
    } catch (e: unknown) {
      setState({ step: 'failed', key: e instanceof ApiFailure ? (e.meta.key ?? e.meta.msg) : 'server_error' });
    }
    // The answer replaces the button: focus moves to it so keyboard and screen-reader users hear it.
    queueMicrotask(() => result.current?.focus());
  };

  if (state.step === 'done')
    return (
      <div className="form-success" role="status" tabIndex={-1} ref={result} data-testid="cart-reminders-stopped">
        <p>{t('cart_reminders_stopped')}</p>
      </div>
    );
  if (state.step === 'failed')
    return (
      <div className="form-alert" role="alert" tabIndex={-1} ref={result} data-testid="cart-reminders-stop-failed">
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
      <p>{t('cart_reminders_stop_intro')}</p>
      <button
        type="submit"
        className="button wide-button"
        disabled={state.step === 'working'}
        aria-busy={state.step === 'working'}
      >
        {state.step === 'working' ? t('cart_reminders_stop_working') : t('cart_reminders_stop_button')}
      </button>
    </form>
  );
}
