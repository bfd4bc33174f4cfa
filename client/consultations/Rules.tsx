// The rules of a booking with their times (shared/consultations/rules.ts, the numbers the API
// enforces): shown before she pays, from the time she holds, and on the consultation's page, from the
// times the API answers with what is left of them.
import {
  CONSULTATION_RULES,
  cancelFreeUntil,
  cancelRefund,
  joinWindow,
  rescheduleUntil,
} from '#shared/consultations/rules';
import type { ConsultationDetail } from '#shared/consultations/types';
import type { CountryCode } from '#shared/locale';
import { useI18n } from '../i18n/context';
import { useMinor } from '../lib/locale';
import { ms, startText } from './times';

export function RulesBeforePaying({
  startsAt,
  endsAt,
  country,
}: {
  startsAt: number;
  endsAt: number;
  country: CountryCode;
}) {
  const { t, lang } = useI18n();
  return (
    <section aria-labelledby="consult-rules-title" data-testid="consult-rules">
      <h3 id="consult-rules-title">{t('consult_rules_title')}</h3>
      <ul className="consult-rules">
        <li>{t('consult_rule_cancel_free', { time: startText(cancelFreeUntil(startsAt), lang, country) })}</li>
        <li>{t('consult_rule_cancel_late')}</li>
        <li>
          {t('consult_rule_reschedule', {
            count: CONSULTATION_RULES.maxReschedules,
            time: startText(rescheduleUntil(startsAt), lang, country),
          })}
        </li>
        <li>{t('consult_rule_join_at', { time: startText(joinWindow(startsAt, endsAt).opens, lang, country) })}</li>
      </ul>
    </section>
  );
}

/** What a cancel gives back now (the rule the API applies), in minor units of the consultation's currency. */
export function refundNow(c: ConsultationDetail, now: number): number {
  return cancelRefund({ starts_at: ms(c.starts_at), total: c.payment.total, refunded: c.payment.refunded }, now).amount;
}

export function RulesWithTimes({ c }: { c: ConsultationDetail }) {
  const { t, lang } = useI18n();
  const minor = useMinor();
  const { rules, country } = c;
  const now = Date.now();
  const free = now <= ms(rules.cancel_free_until);
  return (
    <section className="form-card" aria-labelledby="consult-rules-title" data-testid="consult-rules">
      <h2 id="consult-rules-title">{t('consult_rules_title')}</h2>
      <ul className="consult-rules">
        <li>
          {free
            ? t('consult_rule_cancel_free', { time: startText(ms(rules.cancel_free_until), lang, country) })
            : t('consult_rule_cancel_late_now')}
        </li>
        {rules.can_cancel && c.payment.method !== 'package' && (
          <li data-testid="consult-cancel-refund">
            {t('consult_cancel_refund_now', { amount: minor(refundNow(c, now), c.currency) })}
          </li>
        )}
        {rules.can_cancel && c.payment.method === 'package' && (
          <li>{t(free ? 'consult_cancel_session_back' : 'consult_cancel_session_lost')}</li>
        )}
        <li>
          {rules.can_reschedule
            ? t('consult_rule_reschedule_left', {
                count: rules.reschedules_left,
                time: startText(ms(rules.reschedule_until), lang, country),
              })
            : t('consult_rule_reschedule_none')}
        </li>
        <li>{t('consult_rule_join_at', { time: startText(ms(rules.join_opens_at), lang, country) })}</li>
      </ul>
    </section>
  );
}
