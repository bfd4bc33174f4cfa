// A pay-later order's payments with their days (order detail, success and lookup pages): the amount the
// provider took split as the plan splits it (the remainder on the first), the first on the day of
// purchase and one a month after it, dated in the order's country's time zone.
import { formatDate } from '#shared/text/dates';
import { installmentSchedule, paymentWayName, type PayLaterMethod } from '#shared/payments/gateway-methods';
import type { CountryCode } from '#shared/locale';
import { useI18n } from '../i18n/context';
import { useMinor } from '../lib/locale';

export function PayLaterSchedule(props: {
  method: PayLaterMethod;
  amount: number;
  currency: string;
  country: CountryCode;
  purchasedAt: number;
}) {
  const { t, lang } = useI18n();
  const minor = useMinor();
  const payments = installmentSchedule(props.method, props.amount, props.purchasedAt, props.country);
  return (
    <div className="pay-later-schedule" data-testid="pay-later-schedule">
      <p>{t('pay_later_schedule_title', { count: payments.length, method: paymentWayName(t, props.method) })}</p>
      <ol>
        {payments.map((p, i) => {
          const params = {
            amount: minor(p.amount, props.currency),
            date: formatDate(p.at, lang, props.country),
          };
          return (
            <li key={p.day} data-day={p.day}>
              {i === 0 ? t('pay_later_schedule_first', params) : t('pay_later_schedule_later', params)}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
