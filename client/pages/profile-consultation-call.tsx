// /profile/consultations/:id/call: the shopper's consultation call (decision 56). Video (hers and the
// nutritionist's) with mute and camera switches, the chat beside it (on a phone: tabs), chat only by her
// choice or when the connection is poor (a clear switch), and the connection's state. It joins in the
// browser (POST /user/consultation/:id/join, again on every reconnect): no server trip for the page
// view. The call's code (client/call/engine.ts) loads only with this page (call-pages.ts). It is opened
// and left by loading a document: only its document may use the camera (client/call/media-document.tsx).
import '../styles/consultation-call.css';
import { type FormEvent, useContext, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { ApiFailure } from '#shared/api/client';
import type { CallJoin } from '#shared/consultations/call';
import { CHAT_MAX_CHARS } from '#shared/consultations/call';
import { formatDate } from '#shared/text/dates';
import { CallEngine, type CallState, type ChatEntry } from '../call/engine';
import { mediaText, statusText } from '../call/status';
import { inMediaDocument } from '../call/media-document';
import { useI18n } from '../i18n/context';
import { useHref } from '../lib/locale';
import { ApiContext } from '../providers';
import { useSessionStore } from '../stores/session';
import { Page } from '../ui/Page';
import type { PageDeclaration } from '../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = { group: 'account', texts: ['consultation-call'] } satisfies PageDeclaration;

function CallPage() {
  const { t } = useI18n();
  const { id = '' } = useParams();
  const [left, setLeft] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const href = useHref();
  return (
    <Page
      title={t('page_profile_consultation_call')}
      crumbs={[{ label: t('page_profile'), to: href('/profile') }]}
      seo={{ noindex: true }}
    >
      {left ? (
        <div className="call-left" role="status">
          <p>{t('call_left')}</p>
          <button type="button" className="button" onClick={() => setLeft(false)}>
            {t('call_rejoin')}
          </button>
        </div>
      ) : (
        <Call key={`${id}-${attempt}`} id={id} onLeave={() => setLeft(true)} onRetry={() => setAttempt((n) => n + 1)} />
      )}
    </Page>
  );
}

function Call({ id, onLeave, onRetry }: { id: string; onLeave: () => void; onRetry: () => void }) {
  const { t, tKey, lang } = useI18n();
  const { country } = useSnapshot(useSessionStore());
  const api = useContext(ApiContext)!;
  const href = useHref();
  const [state, setState] = useState<CallState | null>(null);
  const [join, setJoin] = useState<CallJoin | null>(null);
  const [local, setLocal] = useState<MediaStream | null>(null);
  const [remote, setRemote] = useState<MediaStream | null>(null);
  const [tab, setTab] = useState<'video' | 'chat'>('video');
  const engine = useRef<CallEngine | null>(null);

  useEffect(() => {
    const e = new CallEngine({
      side: 'shopper',
      join: async () => {
        try {
          const res = await api.post<CallJoin>(`/user/consultation/${encodeURIComponent(id)}/join`, {});
          setJoin(res.data);
          return res.data;
        } catch (error) {
          throw { msg: error instanceof ApiFailure ? (error.meta.key ?? error.meta.msg) : 'upstream_unavailable' };
        }
      },
      onChange: setState,
      onLocalStream: setLocal,
      onRemoteStream: (s) => setRemote(s ? new MediaStream(s.getTracks()) : null),
    });
    engine.current = e;
    setState(e.state);
    e.start();
    return () => e.stop();
  }, [api, id]);

  if (!state) return null;
  const name = join?.peer_name ?? '';
  // Her nutritionist's gender, for the Arabic texts whose subject she is (a woman until the join says).
  const gender = join?.nutritionist_gender ?? 'female';
  const s = state;

  if (s.connection === 'failed' && s.joinError)
    return (
      <div className="call-failed" role="alert">
        <p>{tKey(s.joinError)}</p>
        <p className="call-actions">
          <button type="button" className="button" onClick={onRetry}>
            {t('call_try_again')}
          </button>
          <Link to={href('/consultation-check')}>{t('call_check_link')}</Link>
        </p>
      </div>
    );

  return (
    <div className="call" data-connection={s.connection} data-media={s.media}>
      <header className="call-head">
        <h2>{name ? t('call_heading', { name }) : t('call_heading_plain')}</h2>
        {join && (
          <p className="call-time">
            {t('call_time', { time: formatDate(join.starts_at, lang, country, { time: true, hijri: true }) })}
          </p>
        )}
        <p className="call-status" role="status" data-testid="call-status">
          {connectionLine(t, s, name, gender)}
        </p>
      </header>

      <div className="call-tabs" role="tablist" aria-label={t('call_tabs_label')}>
        {(['video', 'chat'] as const).map((which) => (
          <button
            key={which}
            type="button"
            role="tab"
            id={`call-tab-${which}`}
            aria-controls={`call-pane-${which}`}
            aria-selected={tab === which}
            onClick={() => setTab(which)}
          >
            {t(which === 'video' ? 'call_tab_video' : 'call_tab_chat')}
          </button>
        ))}
      </div>

      <div className="call-layout">
        <section
          id="call-pane-video"
          role="tabpanel"
          className={tab === 'video' ? 'call-pane' : 'call-pane call-pane-away'}
          aria-labelledby="call-tab-video"
        >
          <div className="call-videos">
            <figure className="call-video call-video-remote">
              <Video stream={remote} label={t('call_video_remote', { name })} testId="call-remote-video" />
              {!remote && (
                <figcaption>
                  {s.chatOnly
                    ? t('call_media_off')
                    : s.peerChatOnly
                      ? t(`call_peer_chat_only_${gender}`, { name })
                      : t('call_no_remote_video', { name })}
                </figcaption>
              )}
            </figure>
            <figure className="call-video call-video-local">
              <Video stream={local} label={t('call_video_local')} muted testId="call-local-video" />
            </figure>
          </div>
          <p
            className={s.media === 'poor' || s.media === 'denied' ? 'call-media form-alert' : 'call-media'}
            role="status"
            data-testid="call-media"
          >
            {mediaLine(t, s, name, gender)}
          </p>
          <div className="call-controls">
            {!s.chatOnly && (
              <>
                <button
                  type="button"
                  className="button button-secondary"
                  aria-pressed={!s.micOn}
                  onClick={() => engine.current?.toggleMic()}
                >
                  {t(s.micOn ? 'call_mic_mute' : 'call_mic_unmute')}
                </button>
                <button
                  type="button"
                  className="button button-secondary"
                  aria-pressed={!s.cameraOn}
                  onClick={() => engine.current?.toggleCamera()}
                >
                  {t(s.cameraOn ? 'call_camera_off' : 'call_camera_on')}
                </button>
              </>
            )}
            <button
              type="button"
              className={s.media === 'poor' ? 'button' : 'button button-secondary'}
              data-testid="call-chat-only"
              onClick={() => {
                engine.current?.setChatOnly(!s.chatOnly);
                if (!s.chatOnly) setTab('chat');
              }}
            >
              {t(s.chatOnly ? 'call_switch_video' : 'call_switch_chat_only')}
            </button>
            <button
              type="button"
              className="button button-secondary call-leave"
              onClick={() => {
                engine.current?.stop();
                onLeave();
              }}
            >
              {t('call_leave')}
            </button>
          </div>
          {join?.mode === 'chat' && s.chatOnly && <p className="call-note">{t('call_chat_only_note')}</p>}
        </section>

        <section
          id="call-pane-chat"
          role="tabpanel"
          className={tab === 'chat' ? 'call-pane' : 'call-pane call-pane-away'}
          aria-labelledby="call-tab-chat"
        >
          <Chat
            messages={s.messages}
            peerName={name}
            gender={gender}
            onSend={(text) => engine.current?.sendChat(text)}
          />
        </section>
      </div>
      <p className="call-check-link">
        <Link to={href('/consultation-check')}>{t('call_check_link')}</Link>
      </p>
    </div>
  );
}

type T = ReturnType<typeof useI18n>['t'];
type Gender = CallJoin['nutritionist_gender'];

function connectionLine(t: T, s: CallState, name: string, gender: Gender): string {
  const key = statusText(s);
  return key === 'peer_chat_only' ? t(`call_peer_chat_only_${gender}`, { name }) : t(`call_${key}`, { name });
}

function mediaLine(t: T, s: CallState, name: string, gender: Gender): string {
  const key = mediaText(s);
  return key === 'media_peer_chat_only'
    ? t(`call_media_peer_chat_only_${gender}`, { name })
    : t(`call_${key}`, { name });
}

function Video({
  stream,
  label,
  muted,
  testId,
}: {
  stream: MediaStream | null;
  label: string;
  muted?: boolean;
  testId: string;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  return (
    <video ref={ref} autoPlay playsInline muted={muted} aria-label={label} data-testid={testId} hidden={!stream} />
  );
}

function Chat({
  messages,
  peerName,
  gender,
  onSend,
}: {
  messages: ChatEntry[];
  peerName: string;
  gender: Gender;
  onSend: (text: string) => void;
}) {
  const { t } = useI18n();
  const [text, setText] = useState('');
  const end = useRef<HTMLLIElement>(null);
  const count = messages.length;
  // A new message scrolls the log to it.
  useEffect(() => {
    if (count) end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [count]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    onSend(text);
    setText('');
  };
  return (
    <div className="call-chat">
      <h3>{t('call_chat_heading')}</h3>
      {messages.length === 0 ? (
        <p className="call-chat-empty">{t(`call_chat_empty_${gender}`)}</p>
      ) : (
        <div role="log" aria-label={t('call_chat_log')}>
          <ol className="call-chat-log" data-testid="call-chat-log">
            {messages.map((m) => (
              <li
                key={m.client_id + m.sender}
                className={m.sender === 'shopper' ? 'call-msg call-msg-mine' : 'call-msg'}
                data-testid="call-chat-message"
                data-seq={m.seq ?? ''}
              >
                <span className="call-msg-who">{m.sender === 'shopper' ? t('call_chat_you') : peerName}</span>
                <span className="call-msg-text">{m.text}</span>
                {m.seq === null && <span className="call-msg-sending">{t('call_chat_sending')}</span>}
              </li>
            ))}
            <li ref={end} aria-hidden="true" className="call-chat-end" />
          </ol>
        </div>
      )}
      <form className="call-chat-form" onSubmit={submit}>
        <label htmlFor="call-chat-input">{t('call_chat_label')}</label>
        <textarea
          id="call-chat-input"
          data-testid="call-chat-input"
          rows={2}
          maxLength={CHAT_MAX_CHARS}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) submit(e);
          }}
        />
        <button type="submit" className="button">
          {t('call_chat_send')}
        </button>
      </form>
    </div>
  );
}

export const { loader, Component } = inMediaDocument({ Component: CallPage });
