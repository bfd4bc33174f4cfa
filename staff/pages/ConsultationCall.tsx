// The nutritionist's consultation call (decision 56): rendered here in the staff member's language, with
// every element the call needs; /consultation-call.js (the shared call engine, client/call/) fills in the
// streams, the chat and the states. The page's CSP allows that one script by this response's nonce and
// the room's WebSocket on this origin, nothing else.
import type { StaffSelf } from '../lib/api';
import type { StaffTextId, StaffTranslator } from '../lib/i18n';
import { Layout } from './Layout';

/** What the script writes as the call changes: the state's name (without st_call_) → the text. */
const SCRIPT_TEXTS = [
  'connection_connecting',
  'connection_reconnecting',
  'connection_replaced',
  'connection_failed',
  'peer_waiting',
  'peer_here',
  'peer_chat_only',
  'media_off',
  'media_starting',
  'media_waiting',
  'media_connecting',
  'media_connected',
  'media_peer_chat_only',
  'media_poor',
  'media_denied',
  'switch_chat_only',
  'switch_video',
  'mic_mute',
  'mic_unmute',
  'camera_off',
  'camera_on',
  'error',
] as const;

/** The API's refusals of a join, as the script reads them (error_<message key>). */
const JOIN_ERRORS: Record<string, StaffTextId> = {
  error_not_found: 'st_call_error_not_found',
  error_call_not_joinable: 'st_call_error_not_joinable',
  error_call_too_early: 'st_call_error_too_early',
  error_call_closed: 'st_call_error_closed',
};

export function ConsultationCallPage(props: {
  t: StaffTranslator;
  nonce: string;
  me: StaffSelf;
  consultationId: number;
  peerName: string;
  /** The nutritionist's gender (from the join): the texts addressed to her agree with it in Arabic. */
  gender: 'female' | 'male';
  /** Why the join was refused when the page was asked for (then the script does not start). */
  refusal: string | null;
}) {
  const { t, nonce } = props;
  const texts: Record<string, string> = {
    you: t.t('st_call_chat_you'),
    sending: t.t('st_call_chat_sending'),
  };
  for (const key of SCRIPT_TEXTS) texts[key] = t.t(`st_call_${key}` as StaffTextId, { name: props.peerName });
  texts.left = t.t(`st_call_left_${props.gender}`);
  for (const [key, id] of Object.entries(JOIN_ERRORS)) texts[key] = t.t(id);
  const refusal = props.refusal ? t.t(JOIN_ERRORS[`error_${props.refusal}`] ?? 'st_call_error') : null;
  return (
    <Layout t={t} nonce={nonce} me={props.me} title={t.t('st_call_title')} path="/consultations">
      <h1>{props.peerName ? t.t('st_call_heading', { name: props.peerName }) : t.t('st_call_title')}</h1>
      {refusal ? (
        <p className="note error" role="alert">
          {refusal}
        </p>
      ) : (
        <div id="call-root" className="call" data-consultation={props.consultationId} data-peer={props.peerName}>
          <p>{t.t('st_call_intro')}</p>
          <p className="call-status" role="status" data-call="status">
            {t.t('st_call_connection_connecting')}
          </p>
          <div className="call-grid">
            <section className="call-media-pane" aria-label={t.t('st_call_video_remote')}>
              <div className="call-videos">
                {/* biome-ignore lint/a11y/useMediaCaption: a live call has no caption track; the chat beside it is the text channel. */}
                <video
                  data-call="remote"
                  data-testid="call-remote-video"
                  autoPlay
                  playsInline
                  hidden
                  aria-label={t.t('st_call_video_remote')}
                />
                <video
                  data-call="local"
                  data-testid="call-local-video"
                  autoPlay
                  playsInline
                  muted
                  hidden
                  aria-label={t.t('st_call_video_local')}
                />
              </div>
              <p role="status" data-call="media" data-testid="call-media" />
              <p className="call-controls">
                <button type="button" data-call="mic" aria-pressed="false">
                  {t.t('st_call_mic_mute')}
                </button>
                <button type="button" data-call="camera" aria-pressed="false">
                  {t.t('st_call_camera_off')}
                </button>
                <button type="button" data-call="chat-only" data-testid="call-chat-only">
                  {t.t('st_call_switch_chat_only')}
                </button>
                <button type="button" data-call="leave">
                  {t.t('st_call_leave')}
                </button>
              </p>
            </section>
            <section className="call-chat">
              <h2>{t.t('st_call_chat_heading')}</h2>
              <p data-call="empty">{t.t('st_call_chat_empty')}</p>
              <div role="log" aria-label={t.t('st_call_chat_log')}>
                <ol data-call="log" data-testid="call-chat-log" hidden />
              </div>
              <form data-call="form">
                <label htmlFor="call-chat-input">{t.t('st_call_chat_label')}</label>
                <textarea
                  id="call-chat-input"
                  data-call="input"
                  data-testid="call-chat-input"
                  rows={2}
                  maxLength={2000}
                />
                <button type="submit">{t.t('st_call_chat_send')}</button>
              </form>
            </section>
          </div>
          <script
            type="application/json"
            id="call-texts"
            nonce={nonce}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON of our own texts, '<' escaped so it cannot end the element.
            dangerouslySetInnerHTML={{ __html: JSON.stringify(texts).replace(/</g, '\\u003c') }}
          />
          <script src="/consultation-call.js" nonce={nonce} defer />
        </div>
      )}
    </Layout>
  );
}
