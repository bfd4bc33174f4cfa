// /consultation-check: checks the camera and microphone before a consultation (decision 56), and says
// why the browser asks for them, in her language. Nothing leaves the device: the preview and the
// microphone's level are drawn from the local stream, which stops when she leaves or presses stop. It is
// opened and left by loading a document: only its document may use the camera (client/call/media-document.tsx).
import '../styles/consultation-call.css';
import { useCallback, useEffect, useRef, useState } from 'react';
import { inMediaDocument } from '../call/media-document';
import { useI18n } from '../i18n/context';
import { Page } from '../ui/Page';
import type { PageDeclaration } from '../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = {
  group: 'consultation',
  texts: ['consultation-call'],
  siteIndex: 'help',
} satisfies PageDeclaration;

type Check =
  | { step: 'idle' }
  | { step: 'running' }
  | { step: 'done'; camera: boolean; mic: boolean }
  | { step: 'failed'; reason: 'denied' | 'no_device' | 'unsupported' };

function CheckPage() {
  const { t } = useI18n();
  const [check, setCheck] = useState<Check>({ step: 'idle' });
  const [level, setLevel] = useState(0);
  const stream = useRef<MediaStream | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const stopMeter = useRef<() => void>(() => undefined);

  const stop = useCallback(() => {
    stopMeter.current();
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
    if (video.current) video.current.srcObject = null;
    setLevel(0);
  }, []);
  // Leaving the page turns the camera off.
  useEffect(() => stop, [stop]);
  // The preview, once it is shown (a hidden video does not start by itself).
  const done = check.step === 'done';
  useEffect(() => {
    const v = video.current;
    if (!done || !v || !stream.current) return;
    v.srcObject = stream.current;
    v.play().catch(() => undefined);
  }, [done]);

  async function start() {
    if (!navigator.mediaDevices?.getUserMedia) return setCheck({ step: 'failed', reason: 'unsupported' });
    setCheck({ step: 'running' });
    let media: MediaStream;
    try {
      media = await navigator.mediaDevices.getUserMedia({ audio: true, video: true });
    } catch (error) {
      const name = (error as DOMException).name;
      return setCheck({
        step: 'failed',
        reason: name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'no_device',
      });
    }
    stream.current = media;
    const mic = media.getAudioTracks().length > 0;
    if (mic) stopMeter.current = meter(media, setLevel);
    setCheck({ step: 'done', camera: media.getVideoTracks().length > 0, mic });
  }

  return (
    <Page title={t('page_consultation_check')} seo={{ noindex: true }}>
      <p>{t('check_intro')}</p>
      <h2>{t('check_why_heading')}</h2>
      <ul>
        <li>{t('check_why_camera')}</li>
        <li>{t('check_why_mic')}</li>
      </ul>
      <p>{t('check_why_choice')}</p>
      <p className="call-actions">
        {check.step === 'done' ? (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              stop();
              setCheck({ step: 'idle' });
            }}
          >
            {t('check_stop')}
          </button>
        ) : (
          <button type="button" className="button" onClick={start} disabled={check.step === 'running'}>
            {check.step === 'running' ? t('check_running') : t('check_start')}
          </button>
        )}
      </p>
      <div role="status" data-testid="check-result">
        {check.step === 'failed' && (
          <p className="form-alert">
            {t(
              check.reason === 'denied'
                ? 'check_denied'
                : check.reason === 'unsupported'
                  ? 'check_unsupported'
                  : 'check_no_device',
            )}
          </p>
        )}
        {check.step === 'done' && (
          <>
            <ul className="check-results">
              <li>{t(check.camera ? 'check_camera_ok' : 'check_camera_missing')}</li>
              <li>{t(check.mic ? 'check_mic_ok' : 'check_mic_missing')}</li>
            </ul>
            {check.camera && check.mic && <p>{t('check_all_good')}</p>}
          </>
        )}
      </div>
      {/* No autoplay: the effect above plays the preview once it is shown. A figure names it for a screen
          reader (a video takes no aria-label of its own). */}
      <figure className="check-preview-frame" hidden={check.step !== 'done'}>
        <video ref={video} className="check-preview" playsInline muted />
        <figcaption className="visually-hidden">{t('check_preview')}</figcaption>
      </figure>
      {check.step === 'done' && check.mic && (
        <p>
          <label htmlFor="check-meter">{t('check_mic_level')}</label>
          <br />
          <meter id="check-meter" className="check-meter" min={0} max={100} value={level} data-testid="check-meter" />
        </p>
      )}
    </Page>
  );
}

/** The microphone's loudness, 0–100, several times a second; returns its stop. */
function meter(stream: MediaStream, onLevel: (n: number) => void): () => void {
  const context = new AudioContext();
  const analyser = context.createAnalyser();
  analyser.fftSize = 512;
  context.createMediaStreamSource(stream).connect(analyser);
  const samples = new Uint8Array(analyser.fftSize);
  const timer = setInterval(() => {
    analyser.getByteTimeDomainData(samples);
    let peak = 0;
    for (const s of samples) peak = Math.max(peak, Math.abs(s - 128));
    onLevel(Math.min(100, Math.round((peak / 128) * 100)));
  }, 150);
  return () => {
    clearInterval(timer);
    void context.close();
  };
}

export const { loader, Component } = inMediaDocument({ Component: CheckPage });
