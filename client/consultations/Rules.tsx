// The rules of a booking with their times: shown before she pays (from the time she picked) and on the
// consultation's page (the times the API answers, with what is left of them).
import type { CountryCode } from '#shared/locale';
import { useI18n } from '../i18n/context';
import { ruleTimes } from './rules';
import { startText } from './times';
import type { ConsultationRules } from './types';

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
  const r = ruleTimes(startsAt, endsAt);
  return (
    <section aria-labelledby="consult-rules-title" data-testid="consult-rules">
      <h3 id="consult-rules-title">{t('consult_rules_title')}</h3>
      <ul className="consult-rules">
        <li>{t('consult_rule_cancel_free', { time: startText(r.cancelFreeUntil, lang, country) })}</li>
        <li>{t('consult_rule_cancel_late')}</li>
        <li>
          {t('consult_rule_reschedule', { count: r.rescheduleMax, time: startText(r.rescheduleUntil, lang, country) })}
        </li>
        <li>{t('consult_rule_join')}</li>
      </ul>
    </section>
  );
}

export function RulesWithTimes({
  rules,
  country,
  currency,
  format,
}: {
  rules: ConsultationRules;
  country: CountryCode;
  currency: string;
  format: (minor: number, currency: string) => string;
}) {
  const { t, lang } = useI18n();
  const now = Date.now();
  return (
    <section className="form-card" aria-labelledby="consult-rules-title" data-testid="consult-rules">
      <h2 id="consult-rules-title">{t('consult_rules_title')}</h2>
      <ul className="consult-rules">
        <li>
          {now < rules.cancel_free_until
            ? t('consult_rule_cancel_free', { time: startText(rules.cancel_free_until, lang, country) })
            : t('consult_rule_cancel_late_now')}
        </li>
        {rules.can_cancel && (
          <li data-testid="consult-cancel-refund">
            {t('consult_cancel_refund_now', { amount: format(rules.cancel_refund, currency) })}
          </li>
        )}
        <li>
          {rules.can_reschedule
            ? t('consult_rule_reschedule_left', {
                count: rules.reschedules_left,
                time: startText(rules.reschedule_until, lang, country),
              })
            : t('consult_rule_reschedule_none')}
        </li>
        <li>{t('consult_rule_join_at', { time: startText(rules.join_opens_at, lang, country) })}</li>
      </ul>
    </section>
  );
}
