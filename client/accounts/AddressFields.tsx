// The country parts of the address form (AddressForm.tsx), by the form the country's module names.
// area-block (Kuwait): governorate → area from /area, then block, street, avenue, building, floor,
// apartment. national-address (Saudi Arabia): a city found by a search in the courier's list, district,
// street, building number, postal code and the short national address. emirate-area (the Emirates): the
// emirate from the courier's short list, area, street, building, flat and the optional Makani number.
import {
  type FormEvent,
  type InputHTMLAttributes,
  useContext,
  useEffect,
  useState,
  type MutableRefObject,
} from 'react';
import useSWR from 'swr';
import { MAKANI_LENGTH, SAUDI_CODE_LENGTHS } from '#shared/api/address-facts';
import type { CountryCode } from '#shared/countries';
import { ADDRESS } from '#shared/countries/address';
import { useI18n } from '../i18n/context';
import { ApiContext } from '../providers';
import { Field, type FormApi } from '../ui/form';
import type { AddressValues, PlaceNames } from './address-values';

/** A form value from an API field that may be missing. */
export const str = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

interface Governorate {
  id: number;
  name: string;
  areas: Array<{ id: number; name: string }>;
}

type AddressFormApi = FormApi<AddressValues>;

/** What the place fields get, whichever country's form they are (each takes the part it needs). */
interface PlaceFieldsProps {
  /** The address's country; a national-address or emirate-area country's DHL cities are offered. */
  country: string;
  form: AddressFormApi;
  /** The saved city's name, shown while the city search has not found it again. */
  cityName: string | null;
  /** Where the fields leave the names of the chosen places, for the address's text. */
  places: MutableRefObject<PlaceNames>;
}

/**
 * A text box of the address. Most of the countries' fields are only this, differing in their name,
 * whether they are required, their hint and the keyboard, direction or length their content wants,
 * so the three forms share it rather than each writing out the same field again.
 */
function AddressTextField({
  form,
  name,
  required,
  hint,
  ...input
}: {
  form: AddressFormApi;
  name: keyof AddressValues & string;
  required?: boolean;
  hint?: string;
} & Pick<InputHTMLAttributes<HTMLInputElement>, 'inputMode' | 'autoComplete' | 'dir' | 'maxLength'>) {
  return (
    <Field form={form} name={name} required={required} hint={hint}>
      {(p) => <input {...p} type="text" {...input} />}
    </Field>
  );
}

/** A place select's options: the choose-first line, then each place by its name. */
function PlaceOptions({ first, places }: { first: string; places: ReadonlyArray<{ id: number; name: string }> }) {
  return (
    <>
      <option value="">{first}</option>
      {places.map((p) => (
        <option key={p.id} value={p.id}>
          {p.name}
        </option>
      ))}
    </>
  );
}

function KuwaitFields({ form, places }: Pick<PlaceFieldsProps, 'form' | 'places'>) {
  const { t } = useI18n();
  const { data } = useSWR<{ items: Governorate[] }>('/area');
  const governorates = data?.items ?? [];
  const v = form.values;
  // An edited address knows its area; the governorate follows from it once the list is here.
  const governorateId =
    v.governorate_id || str(governorates.find((g) => g.areas.some((a) => String(a.id) === v.area_id))?.id);
  const governorate = governorates.find((g) => String(g.id) === governorateId);
  const areas = governorate?.areas ?? [];
  places.current = {
    governorate_name: governorate?.name ?? null,
    area_name: areas.find((a) => String(a.id) === v.area_id)?.name ?? null,
  };
  return (
    <>
      <div className="field-row">
        <Field form={form} name="governorate_id" required>
          {(p) => (
            <select
              {...p}
              value={governorateId}
              onChange={(e) => {
                form.set('governorate_id', e.target.value);
                form.set('area_id', '');
              }}
            >
              <PlaceOptions first={t('address_choose')} places={governorates} />
            </select>
          )}
        </Field>
        <Field form={form} name="area_id" required>
          {(p) => (
            <select {...p}>
              <PlaceOptions
                first={t(governorateId ? 'address_choose' : 'address_choose_governorate_first')}
                places={areas}
              />
            </select>
          )}
        </Field>
      </div>
      <div className="field-row">
        <AddressTextField form={form} name="block" required inputMode="numeric" />
        <AddressTextField form={form} name="street" required />
      </div>
      <div className="field-row">
        <AddressTextField form={form} name="avenue" />
        <AddressTextField form={form} name="building" required />
      </div>
      <div className="field-row">
        <AddressTextField form={form} name="floor" inputMode="numeric" />
        <AddressTextField form={form} name="apartment" />
      </div>
    </>
  );
}

interface City {
  id: number;
  name: string;
}

/** Saudi cities come from the courier's list: the search narrows the choice, the select holds it. */
function SaudiFields({ country, form, cityName, places }: PlaceFieldsProps) {
  const { t } = useI18n();
  const api = useContext(ApiContext)!;
  const v = form.values;
  const dhlCountry = useDhlCountry(country);
  const [cities, setCities] = useState<City[] | null>(null);
  // Names of every city seen, so the chosen one keeps its name when a later search leaves it out.
  const [known, setKnown] = useState<Record<string, string>>(() =>
    v.city_id && cityName ? { [v.city_id]: cityName } : {},
  );
  const search = v.city_search.trim();

  useEffect(() => {
    if (!dhlCountry) return;
    const controller = new AbortController();
    // A short pause while typing, so each keystroke does not cost a request.
    const timer = setTimeout(() => {
      api
        .get<{ items: City[] }>(
          `/city/dhl_list?dhl_country_id=${dhlCountry}&citySearch=${encodeURIComponent(search)}`,
          { signal: controller.signal },
        )
        .then((res) => {
          setCities(res.data.items);
          setKnown((prev) => ({ ...prev, ...Object.fromEntries(res.data.items.map((c) => [String(c.id), c.name])) }));
        })
        .catch((error: unknown) => {
          if (!controller.signal.aborted) console.warn('city search failed', error);
        });
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, dhlCountry, search]);

  places.current = { city_name: (v.city_id && known[v.city_id]) || null };
  // The chosen city stays selectable even when the search no longer matches it.
  const list = cities ?? [];
  const current =
    v.city_id && known[v.city_id] && !list.some((c) => String(c.id) === v.city_id)
      ? [{ id: Number(v.city_id), name: known[v.city_id]! }]
      : [];
  return (
    <>
      <div className="field-row">
        <Field form={form} name="city_search">
          {(p) => <input {...p} type="search" autoComplete="off" aria-controls={`${form.id}-city_id`} />}
        </Field>
        <Field
          form={form}
          name="city_id"
          required
          hint={cities && cities.length === 0 ? t('address_city_none') : undefined}
        >
          {(p) => (
            <select {...p}>
              <PlaceOptions first={t('address_choose')} places={[...current, ...list]} />
            </select>
          )}
        </Field>
      </div>
      <div className="field-row">
        <AddressTextField form={form} name="district" required />
        <AddressTextField form={form} name="street" required autoComplete="address-line1" />
      </div>
      <div className="field-row">
        <AddressTextField
          form={form}
          name="building_number"
          required
          hint={t('address_building_number_hint')}
          inputMode="numeric"
          dir="ltr"
          maxLength={SAUDI_CODE_LENGTHS.building_number}
        />
        <AddressTextField
          form={form}
          name="postal_code"
          required
          hint={t('address_postal_code_hint')}
          inputMode="numeric"
          autoComplete="postal-code"
          dir="ltr"
          maxLength={SAUDI_CODE_LENGTHS.postal_code}
        />
      </div>
      <AddressTextField
        form={form}
        name="short_address"
        hint={t('address_short_address_hint')}
        dir="ltr"
        maxLength={SAUDI_CODE_LENGTHS.short_address}
      />
    </>
  );
}

/** The courier's id of the country, for its list of cities. */
function useDhlCountry(country: string): number | undefined {
  const { data: countries } = useSWR<{ items: Array<{ id: number; code: string }> }>(
    `/country/dhl_list?countrySearch=${encodeURIComponent(country)}`,
  );
  return countries?.items.find((c) => c.code === country)?.id;
}

/** The Emirates' form: the seven emirates are the courier's cities of the country, short enough for a select. */
function EmirateFields({ country, form, places }: Omit<PlaceFieldsProps, 'cityName'>) {
  const { t } = useI18n();
  const dhlCountry = useDhlCountry(country);
  const { data } = useSWR<{ items: City[] }>(
    dhlCountry ? `/city/dhl_list?dhl_country_id=${dhlCountry}&citySearch=` : null,
  );
  const emirates = data?.items ?? [];
  const v = form.values;
  places.current = { city_name: emirates.find((e) => String(e.id) === v.city_id)?.name ?? null };
  return (
    <>
      <div className="field-row">
        <Field form={form} name="city_id" required>
          {(p) => (
            <select {...p}>
              <PlaceOptions first={t('address_choose')} places={emirates} />
            </select>
          )}
        </Field>
        <AddressTextField form={form} name="district" required />
      </div>
      <div className="field-row">
        <AddressTextField form={form} name="street" required autoComplete="address-line1" />
        <AddressTextField form={form} name="building" required />
      </div>
      <div className="field-row">
        <AddressTextField form={form} name="apartment" />
        <AddressTextField
          form={form}
          name="makani"
          hint={t('address_makani_hint')}
          inputMode="numeric"
          dir="ltr"
          maxLength={MAKANI_LENGTH + 1}
        />
      </div>
    </>
  );
}

/** The place fields of the address's country, by its form: area-block, emirate-area or national-address. */
export function PlaceFields({ country, form, cityName, places }: PlaceFieldsProps) {
  // The form the country's module names; the national-address form for any other value, as before.
  const kind = ADDRESS[country as CountryCode]?.form;
  if (kind === 'area-block') return <KuwaitFields form={form} places={places} />;
  if (kind === 'emirate-area') return <EmirateFields country={country} form={form} places={places} />;
  return <SaudiFields country={country} form={form} cityName={cityName} places={places} />;
}

/** Fields of the page above an address or gift form (a guest's e-mail), checked in the same pass. */
export interface OutsideFields {
  check: () => string | null;
  problems: Array<{ id: string; text: string }>;
}

/**
 * The submit of the address and gift forms: the page's fields above are checked with the form's, and
 * the first of them with a problem takes the focus the form gave its own first problem (it comes first).
 */
export function submitWithOutside(form: { submit(event: FormEvent<HTMLFormElement>): void }, outside?: OutsideFields) {
  return (event: FormEvent<HTMLFormElement>) => {
    const first = outside?.check() ?? null;
    form.submit(event);
    if (first) document.getElementById(first)?.focus();
  };
}
