// Add or edit an address (used by /profile/addresses and later by checkout). Kuwait: governorate →
// area (/area), block, street, avenue, building, floor, apartment. Saudi Arabia: city found by a
// search (/city/dhl_list for the courier country from /country/dhl_list), district, street, building
// number, postal code and the optional short national address. The API checks the same schema.
import '../styles/account.css';
import { useEffect, useRef, useState } from 'react';
import { ADDRESS } from '#shared/countries/address';
import type { Address, AddressInput } from '#shared/api/account-schemas';
import { ADDRESS_LENGTHS } from '#shared/api/address-facts';
import type { MessageId } from '#shared/i18n';
import { COUNTRY_CODES, isCountryCode, type CountryCode } from '#shared/locale';
import { COUNTRY_FACTS } from '#shared/countries';
import { useI18n } from '../i18n/context';
import { Field, type FieldText, FormAlerts, useForm } from '../ui/form';
import { type OutsideFields, PlaceFields, str, submitWithOutside } from './AddressFields';
import { readDraft, writeDraft } from './form-drafts';

import type { AddressValues, PlaceNames } from './address-values';

export type { AddressValues, PlaceNames } from './address-values';
type Values = AddressValues;

/** The national part of a saved phone, when it belongs to the address's country (else nothing to prefill). */
/** The address form's fields and their labels; the gift form (orders/GiftForm.tsx) names the recipient's its own way. */
export const ADDRESS_FIELDS = {
  country: { label: 'address_country_label' },
  label: { label: 'address_label_label' },
  recipient: { label: 'address_recipient_label' },
  phone: { label: 'account_phone_label', noun: 'account_phone_noun' },
  governorate_id: { label: 'address_governorate_label' },
  area_id: { label: 'address_area_label' },
  block: { label: 'address_block_label' },
  street: { label: 'address_street_label' },
  avenue: { label: 'address_avenue_label' },
  building: { label: 'address_building_label' },
  floor: { label: 'address_floor_label' },
  apartment: { label: 'address_apartment_label' },
  city_search: { label: 'address_city_search_label' },
  city_id: { label: 'address_city_label' },
  district: { label: 'address_district_label' },
  building_number: { label: 'address_building_number_label' },
  postal_code: { label: 'address_postal_code_label' },
  short_address: { label: 'address_short_address_label' },
  makani: { label: 'address_makani_label' },
} as const;

/**
 * The fields' names as the country's address form words them: the emirate-area form's place is an
 * emirate, its district the area, its apartment a flat or villa (the same columns, other words).
 */
export function addressFieldsFor(country: string): Record<keyof typeof ADDRESS_FIELDS, FieldText> {
  return isCountryCode(country) && ADDRESS[country].form === 'emirate-area'
    ? {
        ...ADDRESS_FIELDS,
        city_id: { label: 'address_emirate_label' },
        district: { label: 'address_emirate_area_label' },
        apartment: { label: 'address_flat_label' },
      }
    : ADDRESS_FIELDS;
}

function nationalPhone(phone: string | null | undefined, country: CountryCode): string {
  const dial = COUNTRY_FACTS[country].dialCode;
  return phone?.startsWith(dial) ? phone.slice(dial.length) : '';
}

export function initialValues(
  address: Address | undefined,
  country: CountryCode,
  recipient: string,
  phone: string | null = null,
): Values {
  const a = address;
  return {
    country: a?.country ?? country,
    label: str(a?.label),
    recipient: a ? a.recipient : recipient,
    // A new address starts with the phone of the shopper's profile, when it is one of this country.
    phone: a ? nationalPhone(a.phone, a.country) : nationalPhone(phone, country),
    governorate_id: str(a?.governorate_id),
    area_id: str(a?.area_id),
    block: str(a?.block),
    street: str(a?.street),
    avenue: str(a?.avenue),
    building: str(a?.building),
    floor: str(a?.floor),
    apartment: str(a?.apartment),
    city_search: '',
    city_id: str(a?.city_id),
    district: str(a?.district),
    building_number: str(a?.building_number),
    postal_code: str(a?.postal_code),
    short_address: str(a?.short_address),
    makani: str(a?.makani),
  };
}

export function AddressForm({
  address,
  draftKey,
  country,
  recipient = '',
  phone = null,
  onSaved,
  onCancel,
  keep,
  fixedCountry = false,
  submitLabel = 'address_save',
  outside,
}: {
  address?: Address;
  /** Keep what is typed in sessionStorage under this key (checkout): back, reload or a new sign-in restores it. */
  draftKey?: string;
  /** The country a new address starts in (the shop's current country). */
  country: CountryCode;
  /** A new address starts with the shopper's own name. */
  recipient?: string;
  /** …and the phone saved in the profile. */
  phone?: string | null;
  onSaved: (id: number) => void;
  onCancel?: () => void;
  /** Keep the checked address instead of saving it to the account (a guest's checkout). */
  keep?: (address: AddressInput, places: PlaceNames) => void;
  /** Only this country can be chosen (checkout delivers within the shop's country). */
  fixedCountry?: boolean;
  submitLabel?: MessageId;
  /**
   * Fields of the page above this form (a guest's e-mail), checked in the same pass as the address:
   * `check` runs on every submit and returns the id of the first invalid one; `problems` are listed
   * first in the form's summary.
   */
  outside?: OutsideFields;
}) {
  const { t } = useI18n();
  const id = address ? `address-${address.id}` : 'address-new';
  const places = useRef<PlaceNames>({});
  const [initial] = useState<Values>(() => ({
    ...initialValues(address, country, recipient, phone),
    ...(draftKey ? readDraft<Values>(draftKey) : null),
  }));
  // The chosen country's words for the fields (labels and their messages), changed with the country.
  const [shownCountry, setShownCountry] = useState(initial.country);
  const form = useForm({
    id,
    schema: () => import('#shared/api/account-schemas').then((m) => m.addressSchema),
    initial,
    fields: addressFieldsFor(shownCountry),
    lengths: ADDRESS_LENGTHS,
    endpoint: address ? `/user/address/${address.id}` : '/user/address/new',
    onSuccess: (data) => onSaved((data as { id: number }).id),
    ...(keep
      ? {
          send: (input: AddressInput) => {
            keep(input, { ...places.current });
            return Promise.resolve({ id: 0 });
          },
        }
      : {}),
  });
  const v = form.values;
  useEffect(() => {
    if (draftKey) writeDraft(draftKey, v);
  }, [draftKey, v]);

  return (
    <form
      ref={form.formRef}
      noValidate
      onSubmit={submitWithOutside(form, outside)}
      className="address-form"
      data-testid="address-form"
    >
      <FormAlerts form={form} extra={outside?.problems} />
      <Field form={form} name="country" required>
        {(p) => (
          <select
            {...p}
            onChange={(e) => {
              p.onChange(e);
              setShownCountry(e.target.value);
            }}
          >
            {COUNTRY_CODES.filter((c) => !fixedCountry || country === c).map((c) => (
              <option key={c} value={c}>
                {t(`country_${c}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field form={form} name="label" hint={t('address_label_hint')}>
        {(p) => <input {...p} type="text" maxLength={ADDRESS_LENGTHS.label.max} />}
      </Field>
      <div className="field-row">
        <Field form={form} name="recipient" required>
          {(p) => <input {...p} type="text" autoComplete="name" />}
        </Field>
        <Field
          form={form}
          name="phone"
          hint={t(`account_phone_hint_${isCountryCode(v.country) ? v.country : country}`)}
          required
        >
          {(p) => <input {...p} type="text" autoComplete="tel-national" inputMode="tel" dir="ltr" />}
        </Field>
      </div>
      <PlaceFields country={v.country} form={form} cityName={address?.city_name ?? null} places={places} />
      <div className="form-actions">
        <button type="submit" className="button" disabled={!form.ready || form.sending}>
          {t(submitLabel)}
        </button>
        {onCancel && (
          <button type="button" className="button button-secondary" onClick={onCancel}>
            {t('address_cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
