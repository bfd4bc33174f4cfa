// The review step's payment choice, for the product checkout and the blood-test booking: one radio per
// method the order allows, then for a card the kind of card (KNET, mada, Apple Pay…) the country offers.
import type { CardMethod } from '#shared/api/order-schemas';
import { useI18n } from '../i18n/context';

export function PaymentChoice<M extends string>({
  prefix = '',
  methods,
  method,
  onMethod,
  label,
  cardMethods,
  cardMethod,
  onCardMethod,
}: {
  /** Before the radio groups' names (`payment`, `card-method`), so two checkouts never share one. */
  prefix?: string;
  methods: readonly M[];
  method: M | undefined;
  onMethod: (method: M) => void;
  /** The text of a method (the wallet's names its balance). */
  label: (method: M) => string;
  cardMethods: readonly CardMethod[];
  cardMethod: CardMethod | undefined;
  onCardMethod: (method: CardMethod) => void;
}) {
  const { t } = useI18n();
  return (
    <>
      <fieldset className="choice-list">
        <legend className="visually-hidden">{t('checkout_payment_title')}</legend>
        {methods.map((m) => (
          <label key={m} className="choice">
            <input
              type="radio"
              name={`${prefix}payment`}
              value={m}
              checked={method === m}
              onChange={() => onMethod(m)}
            />
            <span>{label(m)}</span>
          </label>
        ))}
      </fieldset>
      {method === 'card' && cardMethods.length > 0 && (
        <fieldset className="choice-list card-methods">
          <legend>{t('wallet_method_label')}</legend>
          {cardMethods.map((m) => (
            <label key={m} className="choice">
              <input
                type="radio"
                name={`${prefix}card-method`}
                value={m}
                checked={cardMethod === m}
                onChange={() => onCardMethod(m)}
              />
              <span>{t(`card_${m}`)}</span>
            </label>
          ))}
        </fieldset>
      )}
    </>
  );
}
