// "Or pay with Tabby: 4 interest-free payments of SAR 37.50": the plan of the country's pay-later
// provider for an amount it takes, rendered by the shop itself (no provider script). Nothing when no
// provider takes the amount, or when the cart subscribes (the review step then offers kept cards only:
// the same rule, gatewayMethodsFor, decides both).
import { payLaterOffered, payLaterPlan } from '#shared/payments/gateway-methods';
import { useI18n } from '../i18n/context';
import { useCurrency, useMinor } from '../lib/locale';

export default function PayLaterNote({ minor, subscribing = false }: { minor: number; subscribing?: boolean }) {
  const { t } = useI18n();
  const currency = useCurrency();
  const format = useMinor();
  const method = payLaterOffered(currency.country, minor, { subscribing });
  if (!method) return null;
  return (
    <p className="pay-later-note" data-testid="pay-later-note">
      {t('pay_later_note', {
        method: t(`pay_later_name_${method}`),
        plan: payLaterPlan(t, minor, (n) => format(n, currency.currency)),
      })}
    </p>
  );
}
