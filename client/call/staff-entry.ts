// The nutritionist's call page in the back office (decision 56): the staff worker renders the page
// (staff/pages/ConsultationCall.tsx: videos, chat, switches, every label in the staff member's
// language) and serves this script, bundled by scripts/vite-staff-call-script.mjs. It runs the same
// engine as the shopper's page and only writes text and streams into the elements already there.
import type { CallJoin } from '#shared/consultations/call';
import { CallEngine, type CallState, type ChatEntry } from './engine';
import { mediaText, statusText } from './status';

type Texts = Record<string, string>;

const root = document.getElementById('call-root');
const textsNode = document.getElementById('call-texts');
if (root && textsNode) start(root, JSON.parse(textsNode.textContent ?? '{}') as Texts);

function start(root: HTMLElement, texts: Texts) {
  const id = root.dataset.consultation ?? '';
  const el = <T extends HTMLElement>(name: string) => root.querySelector<T>(`[data-call="${name}"]`)!;
  const status = el('status');
  const media = el('media');
  const remote = el<HTMLVideoElement>('remote');
  const local = el<HTMLVideoElement>('local');
  const log = el<HTMLOListElement>('log');
  const empty = el('empty');
  const form = el<HTMLFormElement>('form');
  const input = el<HTMLTextAreaElement>('input');
  const mic = el<HTMLButtonElement>('mic');
  const camera = el<HTMLButtonElement>('camera');
  const chatOnly = el<HTMLButtonElement>('chat-only');
  const leave = el<HTMLButtonElement>('leave');
  const name = root.dataset.peer ?? '';
  // The server wrote each text in the staff member's language, the shopper's name already in it.
  const say = (key: string) => texts[key] ?? '';

  const engine = new CallEngine({
    side: 'nutritionist',
    join: async () => {
      const res = await fetch(`/consultations/${encodeURIComponent(id)}/join`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      const body = (await res.json().catch(() => null)) as { data: CallJoin; meta: { msg: string } } | null;
      if (!res.ok || !body?.data) throw { msg: body?.meta.msg ?? 'upstream_unavailable' };
      return body.data;
    },
    onChange: render,
    onLocalStream: (s) => {
      local.srcObject = s;
      local.hidden = !s;
    },
    onRemoteStream: (s) => {
      remote.srcObject = s ? new MediaStream(s.getTracks()) : null;
      remote.hidden = !s;
    },
  });

  function render(s: CallState) {
    root.dataset.connection = s.connection;
    root.dataset.media = s.media;
    status.textContent =
      s.connection === 'failed' && s.joinError ? (texts[`error_${s.joinError}`] ?? texts.error)! : say(statusText(s));
    // Follows the shopper's mode: never "Video connected" once she is in chat only.
    media.textContent = say(mediaText(s));
    media.className = s.media === 'poor' || s.media === 'denied' ? 'note error' : '';
    mic.hidden = camera.hidden = s.chatOnly;
    mic.textContent = say(s.micOn ? 'mic_mute' : 'mic_unmute');
    mic.setAttribute('aria-pressed', String(!s.micOn));
    camera.textContent = say(s.cameraOn ? 'camera_off' : 'camera_on');
    camera.setAttribute('aria-pressed', String(!s.cameraOn));
    chatOnly.textContent = say(s.chatOnly ? 'switch_video' : 'switch_chat_only');
    renderMessages(s.messages);
  }

  let shown = '';
  function renderMessages(messages: ChatEntry[]) {
    const key = messages.map((m) => `${m.client_id}:${m.seq}`).join(',');
    if (key === shown) return;
    shown = key;
    empty.hidden = messages.length > 0;
    log.hidden = messages.length === 0;
    log.replaceChildren(
      ...messages.map((m) => {
        const li = document.createElement('li');
        li.className = m.sender === 'nutritionist' ? 'msg mine' : 'msg';
        li.dataset.testid = 'call-chat-message';
        li.dataset.seq = String(m.seq ?? '');
        const who = document.createElement('span');
        who.className = 'who';
        who.textContent = m.sender === 'nutritionist' ? say('you') : name;
        const text = document.createElement('span');
        text.textContent = m.text;
        li.append(who, text);
        if (m.seq === null) {
          const sending = document.createElement('span');
          sending.className = 'who';
          sending.textContent = say('sending');
          li.append(sending);
        }
        return li;
      }),
    );
    log.lastElementChild?.scrollIntoView({ block: 'nearest' });
  }

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    engine.sendChat(input.value);
    input.value = '';
  });
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && !e.shiftKey) form.requestSubmit();
  });
  mic.addEventListener('click', () => engine.toggleMic());
  camera.addEventListener('click', () => engine.toggleCamera());
  chatOnly.addEventListener('click', () => engine.setChatOnly(!engine.state.chatOnly));
  leave.addEventListener('click', () => {
    engine.stop();
    status.textContent = say('left');
    leave.disabled = true;
  });
  render(engine.state);
  engine.start();
}
