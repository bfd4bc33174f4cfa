// The card ways of paying as one radio group: a wallet top-up and a consultation package offer the same
// list (the checkout's PaymentChoice adds pay-later plans and unavailable ways beside it).
import type { GatewayMethod } from '#shared/payments/gateway-methods';
import { useI18n } from '../i18n/context';

export function CardMethodChoice<M extends GatewayMethod>(props: {
  /** The radio group's name, unique in its form. */
  name: string;
  methods: readonly M[];
  value: M;
  onChange: (method: M) => void;
  className?: string;
  legendClassName?: string;
}) {
  const { t } = useI18n();
  return (
    <fieldset className={props.className ?? 'choice-list'}>
      <legend className={props.legendClassName}>{t('wallet_method_label')}</legend>
      {props.methods.map((m) => (
        <label key={m} className="choice">
          <input
            type="radio"
            name={props.name}
            value={m}
            checked={props.value === m}
            onChange={() => props.onChange(m)}
          />
          <span>{t(`card_${m}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}
