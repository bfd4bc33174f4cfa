// The recipient form of "Send as a gift" (decision 34), loaded when the shipping step's
// switch is first turned on. The recipient's name and mobile, the address fields of the shop's country
// (the same parts as the address form), a message in Arabic or English with the characters left, and an
// optional delivery day: a native date input from tomorrow to 60 days ahead, whose chosen day is also
// spelled with its Hijri date (Eid). Checked with the API's own schema (shared/api/gift-schemas.ts),
// which loads beside the form rather than before it shows.
import { useEffect, useRef, useState } from 'react';
import { ADDRESS_LENGTHS } from '#shared/api/address-facts';
import { timeZoneOf } from '#shared/country-days';
import { deliveryWindow, GIFT_LENGTHS, GIFT_MESSAGE_MAX, isDeliveryDate, messageLength } from '#shared/api/gift-facts';
import type { GiftInput } from '#shared/api/gift-schemas';
import type { CountryCode } from '#shared/locale';
import { formatGiftDate } from '#shared/orders/gift-dates';
import { addressFieldsFor, initialValues, type AddressValues, type PlaceNames } from '../accounts/AddressForm';
import { type OutsideFields, PlaceFields, submitWithOutside } from '../accounts/AddressFields';
import { readDraft, writeDraft } from '../accounts/form-drafts';
import { GIFT_DRAFT } from './checkout-steps';
import { useI18n } from '../i18n/context';
import { Field, FormAlerts, useForm, type FormApi } from '../ui/form';

type GiftValues = AddressValues & { message: string; delivery_date: string };

export function GiftForm({
  country,
  onKept,
  outside,
}: {
  country: CountryCode;
  onKept: (gift: GiftInput, places: PlaceNames) => void;
  /** Fields of the page above (a guest's e-mail), checked in the same pass (as AddressForm's). */
  outside?: OutsideFields;
}) {
  const { t, lang } = useI18n();
  const places = useRef<PlaceNames>({});
  // The window of the day the form opened; the schema checks again with the clock of the submit.
  const [window] = useState(() => deliveryWindow(Date.now(), timeZoneOf(country)));
  const form = useForm({
    id: 'gift',
    schema: () => import('#shared/api/gift-schemas').then((m) => m.giftSchema),
    initial: {
      ...initialValues(undefined, country, ''),
      message: '',
      delivery_date: '',
      ...readDraft<GiftValues>(GIFT_DRAFT),
      // A gift is delivered in the shop's country.
      country,
    } as GiftValues,
    fields: {
      // A gift goes within the shop's country: its address form's words.
      ...addressFieldsFor(country),
      recipient: { label: 'gift_recipient_label' },
      phone: { label: 'gift_recipient_phone_label', noun: 'account_phone_noun' },
      message: { label: 'gift_message_label' },
      delivery_date: { label: 'gift_date_label' },
    },
    lengths: { ...ADDRESS_LENGTHS, ...GIFT_LENGTHS },
    endpoint: '/order/submit',
    send: (input: GiftInput) => {
      onKept(input, { ...places.current });
      return Promise.resolve({ id: 0 });
    },
  });
  const v = form.values;
  useEffect(() => writeDraft(GIFT_DRAFT, v), [v]);
  // The address parts take the address form's API: the same values, plus the gift's two.
  const addressForm = form as unknown as FormApi<AddressValues>;
  const left = GIFT_MESSAGE_MAX - messageLength(v.message.trim());
  const chosen =
    v.delivery_date && isDeliveryDate(v.delivery_date, Date.now(), timeZoneOf(country)) ? v.delivery_date : null;

  return (
    <form
      ref={form.formRef}
      noValidate
      onSubmit={submitWithOutside(form, outside)}
      className="address-form gift-form"
      data-testid="gift-form"
    >
      <FormAlerts form={form} extra={outside?.problems} />
      <div className="field-row">
        <Field form={form} name="recipient" required>
          {(p) => <input {...p} type="text" autoComplete="off" maxLength={ADDRESS_LENGTHS.recipient.max} />}
        </Field>
        <Field form={form} name="phone" hint={t(`account_phone_hint_${country}`)} required>
          {(p) => <input {...p} type="tel" autoComplete="off" inputMode="tel" dir="ltr" />}
        </Field>
      </div>
      <PlaceFields country={country} form={addressForm} cityName={null} places={places} />
      <Field form={form} name="message" hint={t('gift_message_hint')}>
        {(p) => (
          <>
            <textarea {...p} rows={4} dir="auto" data-testid="gift-message" />
            <p
              className={left < 0 ? 'gift-count over' : 'gift-count'}
              aria-live={left <= 25 ? 'polite' : 'off'}
              data-testid="gift-message-left"
            >
              {t('gift_message_left', { count: Math.max(0, left) })}
            </p>
          </>
        )}
      </Field>
      <Field form={form} name="delivery_date" hint={t('gift_date_hint')}>
        {(p) => (
          <>
            <input {...p} type="date" min={window.min} max={window.max} dir="ltr" data-testid="gift-date" />
            {chosen && (
              <p className="gift-date-chosen" data-testid="gift-date-chosen">
                {t('gift_date_chosen', { date: formatGiftDate(chosen, lang, country) })}
              </p>
            )}
          </>
        )}
      </Field>
      <p className="field-hint">{t('gift_no_prices')}</p>
      <div className="form-actions">
        <button type="submit" className="button" disabled={!form.ready || form.sending} data-testid="gift-continue">
          {t('checkout_continue')}
        </button>
      </div>
    </form>
  );
}
