// /profile/notifications: web push on this device (turned on only by the shopper's click,
// spec §4) and the topics the shopper wants pushed on every device. The push code (client/push/) is in
// this page's chunk only. On an iPhone or iPad outside the home-screen app, push cannot work: the page
// says so and links to the install guide.
import '../styles/account.css';
import { useContext, useEffect, useState } from 'react';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { ApiFailure } from '#shared/api/client';
import type { PushPreferences, PushTopic } from '#shared/api/push-schemas';
import type { MessageId } from '#shared/i18n';
import { signedInCall } from '../accounts/guard';
import { apiContext } from '../boot';
import { useI18n } from '../i18n/context';
import { useHref } from '../lib/locale';
import { ApiContext } from '../providers';
import { disablePush, enablePush, pushState, resyncPush, type PushState } from '../push';
import { toast } from '../stores/toasts';
import { Page } from '../ui/Page';
import type { PageDeclaration } from '../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = { group: 'account', texts: ['push'], siteIndex: 'account' } satisfies PageDeclaration;

export async function loader(args: LoaderFunctionArgs) {
  const api = args.context.get(apiContext);
  return signedInCall(args, () => api.get<PushPreferences>('/user/push/preferences').then((r) => r.data));
}

const TOPIC_LABELS: Record<PushTopic, MessageId> = {
  back_in_stock: 'push_topic_back_in_stock',
  price_drop: 'push_topic_price_drop',
  order_status: 'push_topic_order_status',
  results_ready: 'push_topic_results_ready',
  refills: 'push_topic_refills',
  cart: 'push_topic_cart',
};

const STATE_TEXTS: Record<PushState, MessageId> = {
  on: 'push_state_on',
  off: 'push_state_off',
  blocked: 'push_state_blocked',
  unsupported: 'push_state_unsupported',
  'ios-install': 'push_ios_install',
};

export function Component() {
  const { t, lang } = useI18n();
  const href = useHref();
  const api = useContext(ApiContext);
  const prefs = useLoaderData() as PushPreferences;
  const [topics, setTopics] = useState(prefs.topics);
  // Unknown until the browser is asked (after hydration: the server cannot know).
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  // The device count comes with the page's data: read again once this device is added or removed.
  const revalidator = useRevalidator();

  useEffect(() => {
    let live = true;
    pushState()
      .then((s) => {
        if (!live) return;
        setState(s);
        // Keeps the API's copy current (endpoint, language, signed-in user), 1 s later (spec §9).
        if (s === 'on' && api) resyncPush(api, lang).catch(() => undefined);
      })
      .catch(() => live && setState('unsupported'));
    return () => {
      live = false;
    };
  }, [api, lang]);

  async function turnOn() {
    if (!api || busy) return;
    setBusy(true);
    try {
      const next = await enablePush(api, lang);
      setState(next);
      if (next === 'on') {
        toast.success('push_saved');
        void revalidator.revalidate();
      }
    } catch (error) {
      if (error instanceof ApiFailure) toast.apiError(error.meta.msg);
      else toast.error('push_enable_failed');
    } finally {
      setBusy(false);
    }
  }

  async function turnOff() {
    if (!api || busy) return;
    setBusy(true);
    try {
      setState(await disablePush(api));
      toast.success('push_saved');
      void revalidator.revalidate();
    } catch (error) {
      toast.apiError(error instanceof ApiFailure ? error.meta.msg : 'server_error');
    } finally {
      setBusy(false);
    }
  }

  async function choose(topic: PushTopic, enabled: boolean) {
    if (!api) return;
    const before = topics;
    setTopics(topics.map((x) => (x.topic === topic ? { ...x, enabled } : x)));
    try {
      await api.post('/user/push/preferences', { topic, enabled });
      toast.success('push_saved');
    } catch (error) {
      setTopics(before);
      toast.apiError(error instanceof ApiFailure ? error.meta.msg : 'server_error');
    }
  }

  return (
    <Page title={t('page_profile_notifications')} crumbs={[{ label: t('page_profile'), to: href('/profile') }]}>
      <p>{t('push_intro')}</p>
      <div className="account-sections">
        <section className="form-card" aria-labelledby="push-device-title">
          <h2 id="push-device-title">{t('page_profile_notifications')}</h2>
          <p role="status" data-push-state={state ?? 'unknown'}>
            {state ? t(STATE_TEXTS[state]) : null}
            {state === 'ios-install' ? (
              <>
                {' '}
                <a href={href('/install')}>{t('push_ios_install_link')}</a>
              </>
            ) : null}
          </p>
          {state === 'on' ? (
            <button type="button" className="button button-secondary" onClick={turnOff} disabled={busy}>
              {t('push_disable')}
            </button>
          ) : (
            <button
              type="button"
              className="button"
              onClick={turnOn}
              disabled={busy || state === null || state === 'unsupported' || state === 'ios-install'}
            >
              {t('push_enable')}
            </button>
          )}
          <p>{t('push_devices', { count: prefs.devices })}</p>
        </section>
        <section className="form-card" aria-labelledby="push-topics-title">
          <h2 id="push-topics-title">{t('push_topics_title')}</h2>
          <fieldset className="checkbox-grid">
            <legend className="visually-hidden">{t('push_topics_title')}</legend>
            <p id="push-topics-hint">{t('push_topics_hint')}</p>
            {topics.map((x) => (
              <label key={x.topic} className="checkbox" htmlFor={`push-topic-${x.topic}`}>
                <input
                  type="checkbox"
                  id={`push-topic-${x.topic}`}
                  name="topic"
                  value={x.topic}
                  checked={x.enabled}
                  aria-describedby="push-topics-hint"
                  onChange={(e) => choose(x.topic, e.target.checked)}
                />
                <span>{t(TOPIC_LABELS[x.topic])}</span>
              </label>
            ))}
          </fieldset>
        </section>
      </div>
    </Page>
  );
}
