// What she can do with a coming consultation: join (live in the join window, from 10 minutes before to
// 30 minutes after the end), check her camera and microphone first, switch between video and chat,
// move the time (a new hold, then the move) or cancel it (asked in a dialog that says what comes back
// and where), and take it into her calendar.
import { useContext, useState } from 'react';
import { Link } from 'react-router';
import useSWR from 'swr';
import type { ConsultationMode } from '#shared/consultations/facts';
import { canJoin, practiceDate } from '#shared/consultations/rules';
import type { ConsultationDetail, ConsultationHold, ConsultationSlotsAnswer } from '#shared/consultations/types';
import type { MessageId } from '#shared/i18n';
import { localizePath } from '#shared/locale';
import { useI18n } from '../i18n/context';
import { ModeChoice } from './ModeChoice';
import { useMinor } from '../lib/locale';
import { ApiContext } from '../providers';
import { Modal } from '../ui/Modal';
import { CONSULT_API } from './api-paths';
import { consultPaths } from './paths';
import { TimePicker } from './TimePicker';
import { refundNow } from './Rules';
import { ms, startText } from './times';
import { useAction } from '../orders/use-action';

/**
 * What the cancel dialog says comes back, and where: a package's session, the money to her wallet when
 * she paid from it (there is no other way back for it), or the money with a choice of where.
 */
export function cancelTerms(c: ConsultationDetail, now: number): MessageId {
  if (c.payment.method === 'package')
    return now <= ms(c.rules.cancel_free_until) ? 'consult_cancel_session_back' : 'consult_cancel_session_lost';
  if (refundNow(c, now) <= 0) return 'consult_cancel_confirm_none';
  return c.payment.method === 'wallet' ? 'consult_cancel_confirm_wallet' : 'consult_cancel_confirm_refund';
}

export function ConsultationActions({ c, onChanged }: { c: ConsultationDetail; onChanged: () => unknown }) {
  const { t, lang } = useI18n();
  const api = useContext(ApiContext)!;
  const minor = useMinor();
  const { busy, run } = useAction(onChanged);
  const [confirming, setConfirming] = useState(false);
  const [refundTo, setRefundTo] = useState<'wallet' | 'card'>('wallet');
  const [moving, setMoving] = useState(false);
  const [time, setTime] = useState<number | null>(null);
  const { data: slots } = useSWR<ConsultationSlotsAnswer>(
    moving ? CONSULT_API.slots(c.nutritionist.id, c.service.id, practiceDate(Date.now())) : null,
  );
  const now = Date.now();
  // The API's word when the page was read, and the clock since (the page may stay open until the time).
  const live =
    c.rules.can_join || canJoin({ starts_at: ms(c.starts_at), ends_at: ms(c.ends_at), status: c.status }, now);
  const refund = refundNow(c, now);
  const paidByCard = c.payment.method === 'card' || c.payment.method === 'pay_later';

  const reschedule = () =>
    run(async () => {
      if (time === null) return;
      const hold = await api.post<ConsultationHold>(CONSULT_API.hold, { service_id: c.service.id, starts_at: time });
      await api.post(CONSULT_API.reschedule(c.id), { hold_id: hold.data.hold_id });
      setMoving(false);
      setTime(null);
    }, 'consult_rescheduled');
  const cancel = () =>
    run(async () => {
      setConfirming(false);
      await api.post(
        CONSULT_API.cancel(c.id),
        paidByCard && refund > 0 ? { refund_to: refundTo } : { refund_to: 'wallet' },
      );
    }, 'consult_cancelled');
  const setMode = (mode: ConsultationMode) =>
    run(() => api.post(CONSULT_API.mode(c.id), { mode }), 'consult_mode_saved');

  return (
    <section className="form-card" aria-labelledby="consult-actions-title" data-testid="consult-actions">
      <h2 id="consult-actions-title">{t('consult_actions_title')}</h2>
      <p className="form-actions">
        {/* The call and the check are opened as documents of their own: only theirs may use the camera. */}
        {live ? (
          <Link className="button" to={consultPaths.call(lang, c.id)} reloadDocument data-testid="consult-join">
            {t('consult_join')}
          </Link>
        ) : (
          <button type="button" className="button" disabled data-testid="consult-join">
            {t('consult_join')}
          </button>
        )}
        <Link className="button button-secondary" to={localizePath('/consultation-check', lang)} reloadDocument>
          {t('consult_check_devices')}
        </Link>
        <a className="button button-secondary" href={CONSULT_API.ics(c.id)} download data-testid="consult-ics">
          {t('consult_add_calendar')}
        </a>
      </p>
      {!live && now < ms(c.rules.join_opens_at) && (
        <p className="muted">
          {t('consult_join_opens', { time: startText(ms(c.rules.join_opens_at), lang, c.country) })}
        </p>
      )}
      <ModeChoice name="consult-mode-switch" value={c.mode} disabled={busy} onChange={(m) => void setMode(m)} />
      <p className="form-actions">
        {c.rules.can_reschedule && (
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            aria-expanded={moving}
            onClick={() => setMoving((m) => !m)}
            data-testid="consult-reschedule"
          >
            {t('consult_reschedule')}
          </button>
        )}
        {c.rules.can_cancel && (
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            onClick={() => setConfirming(true)}
            data-testid="consult-cancel"
          >
            {t('consult_cancel')}
          </button>
        )}
      </p>
      {moving && (
        <div data-testid="consult-reschedule-picker">
          {slots ? (
            <TimePicker name="reschedule" days={slots.days} value={time} country={c.country} onChange={setTime} />
          ) : (
            <p role="status">{t('loading')}</p>
          )}
          <button
            type="button"
            className="button"
            disabled={busy || time === null}
            onClick={() => void reschedule()}
            data-testid="consult-reschedule-save"
          >
            {t('consult_reschedule_save')}
          </button>
        </div>
      )}
      <Modal open={confirming} onClose={() => setConfirming(false)} title={t('consult_cancel')} size="xs">
        <p data-testid="consult-cancel-body">{t(cancelTerms(c, now), { amount: minor(refund, c.currency) })}</p>
        {paidByCard && refund > 0 && (
          <fieldset className="choice-list">
            <legend>{t('consult_refund_to')}</legend>
            {(['wallet', 'card'] as const).map((to) => (
              <label key={to} className="choice">
                <input
                  type="radio"
                  name="consult-refund-to"
                  value={to}
                  checked={refundTo === to}
                  onChange={() => setRefundTo(to)}
                  data-testid={`consult-refund-${to}`}
                />
                <span>{t(to === 'wallet' ? 'consult_refund_wallet' : 'consult_refund_card')}</span>
              </label>
            ))}
          </fieldset>
        )}
        <div className="form-actions">
          <button
            type="button"
            className="button danger-button"
            disabled={busy}
            onClick={() => void cancel()}
            data-testid="consult-cancel-confirm"
          >
            {t('consult_cancel')}
          </button>
          <button type="button" className="button button-secondary" onClick={() => setConfirming(false)}>
            {t('consult_cancel_keep')}
          </button>
        </div>
      </Modal>
    </section>
  );
}
