// A mail's one-tap link that changes something (stop alert mails, stop cart reminders). Opening the
// link changes nothing, as mail scanners follow links: the shopper presses the button, which posts the
// token; the answer replaces the button and takes the focus, so keyboard and screen-reader users hear it.
import { type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { ApiFailure } from '#shared/api/client';
import type { MessageId } from '#shared/i18n';
import { useI18n } from '#client/i18n/context';
import { ApiContext } from '#client/providers';

type State<T> = { step: 'ask' | 'working' } | { step: 'done'; data: T } | { step: 'failed'; key: string };

export function MailLinkAction<T>(props: {
  /** The token is the link's own shape; another says so at once (`invalidKey`), without a call. */
  valid: boolean;
  invalidKey: string;
  post: (api: NonNullable<React.ContextType<typeof ApiContext>>) => Promise<T>;
  texts: { intro: MessageId; button: MessageId; working: MessageId };
  done: (data: T) => ReactNode;
  testIds: { done: string; failed: string };
}) {
  const { t, tKey } = useI18n();
  const api = useContext(ApiContext)!;
  const [state, setState] = useState<State<T>>(
    props.valid ? { step: 'ask' } : { step: 'failed', key: props.invalidKey },
  );
  const result = useRef<HTMLDivElement>(null);
  const acted = useRef(false);
  // Once the answer is on the page (not before: a microtask ran ahead of React's commit).
  useEffect(() => {
    if (acted.current && (state.step === 'done' || state.step === 'failed')) result.current?.focus();
  }, [state.step]);

  const act = async () => {
    acted.current = true;
    setState({ step: 'working' });
    try {
      setState({ step: 'done', data: await props.post(api) });
    } catch (e: unknown) {
      setState({ step: 'failed', key: e instanceof ApiFailure ? (e.meta.key ?? e.meta.msg) : 'server_error' });
    }
  };

  if (state.step === 'done')
    return (
      <div className="form-success" role="status" tabIndex={-1} ref={result} data-testid={props.testIds.done}>
        {props.done(state.data)}
      </div>
    );
  if (state.step === 'failed')
    return (
      <div className="form-alert" role="alert" tabIndex={-1} ref={result} data-testid={props.testIds.failed}>
        <p>{tKey(state.key)}</p>
      </div>
    );
  return (
    <form
      className="auth-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (props.valid) void act();
      }}
    >
      <p>{t(props.texts.intro)}</p>
      <button
        type="submit"
        className="button wide-button"
        disabled={state.step === 'working'}
        aria-busy={state.step === 'working'}
      >
        {state.step === 'working' ? t(props.texts.working) : t(props.texts.button)}
      </button>
    </form>
  );
}
