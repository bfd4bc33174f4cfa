// The review step's payment choice, for the product checkout and the blood-test booking: one radio per
// method the order allows, then for paying online the gateway's ways the country offers (KNET, mada,
// Apple Pay…, and for orders STC Pay and pay later). A pay-later way shows its plan for the amount due;
// one the amount does not allow stays listed, disabled, with the provider's limit; STC Pay asks for the
// account's number. Cash on delivery the owner does not offer in her country, or not for this amount,
// stays listed too, disabled, with why (issue 77).
import type { CardMethod } from '#shared/api/order-schemas';
import type { CashUnavailable } from '#shared/payments/cash-on-delivery';
import { isPayLater, payLaterPlan, type UnavailableMethod } from '#shared/payments/gateway-methods';
import { useI18n } from '../i18n/context';

/** What the pay-later and STC Pay ways need (the product checkout's; a booking pays by card only). */
export interface GatewayExtras {
  /** What is due in minor units of the order's currency, and its formatter. */
  due: number;
  format: (minor: number) => string;
  unavailable: readonly (UnavailableMethod | CashUnavailable)[];
  stcPayPhone: string;
  onStcPayPhone: (phone: string) => void;
}

export function PaymentChoice<M extends string>({
  prefix = '',
  methods,
  method,
  onMethod,
  label,
  cardMethods,
  cardMethod,
  onCardMethod,
  extras,
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
  extras?: GatewayExtras;
}) {
  const { t } = useI18n();
  const phoneId = `${prefix}stc-pay-phone`;
  const cash = extras?.unavailable.find((u): u is CashUnavailable => u.method === 'cod');
  const gatewayOff = extras?.unavailable.filter((u): u is UnavailableMethod => u.method !== 'cod') ?? [];
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
        {cash && extras && (
          <label className="choice choice-off">
            <input type="radio" name={`${prefix}payment`} value="cod" disabled />
            <span>
              {t('pay_cod')}
              <small className="choice-note" data-testid="unavailable-cod">
                {cash.reason === 'cod_off'
                  ? t('pay_cod_off')
                  : t('pay_cod_above_maximum', { amount: extras.format(cash.limit) })}
              </small>
            </span>
          </label>
        )}
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
              <span>
                {t(`card_${m}`)}
                {extras && isPayLater(m) && (
                  <small className="choice-note" data-testid={`plan-${m}`}>
                    {payLaterPlan(t, extras.due, extras.format)}
                  </small>
                )}
              </span>
            </label>
          ))}
          {gatewayOff.map((u) => (
            <label key={u.method} className="choice choice-off">
              <input type="radio" name={`${prefix}card-method`} value={u.method} disabled />
              <span>
                {t(`card_${u.method}`)}
                <small className="choice-note" data-testid={`unavailable-${u.method}`}>
                  {u.reason === 'subscription'
                    ? t('payment_way_not_for_subscription')
                    : t(u.reason === 'below_minimum' ? 'pay_later_below_minimum' : 'pay_later_above_maximum', {
                        method: t(`pay_later_name_${u.method as 'tabby'}`),
                        amount: extras!.format(u.limit),
                      })}
                </small>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {method === 'card' && cardMethod === 'stc_pay' && extras && (
        <div className="field">
          <label className="field-label" htmlFor={phoneId}>
            {t('stc_pay_phone_label')}
          </label>
          <p className="field-hint" id={`${phoneId}-hint`}>
            {t('stc_pay_phone_hint')}
          </p>
          <input
            id={phoneId}
            name="stc_pay_phone"
            type="text"
            inputMode="tel"
            autoComplete="tel-national"
            dir="ltr"
            value={extras.stcPayPhone}
            aria-describedby={`${phoneId}-hint`}
            onChange={(e) => extras.onStcPayPhone(e.target.value)}
            data-testid="stc-pay-phone"
          />
        </div>
      )}
    </>
  );
}
