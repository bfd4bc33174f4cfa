// Sign-in and sign-up rules of spec §5, shared by the forms and the API. Messages are dictionary keys;
// `params` carries the values the texts need (field names, lengths).
import { isBirthday } from '../loyalty/birthday';
import { MIN_PASSWORD_LENGTH } from '../constants';
import { normalizeDigits } from '../text/digits';
import { z } from '../zod';
import { isMobileNumber } from '../phone/mobile';
import { ADDRESS_LENGTHS, MAKANI_LENGTH, nationalNumber, SAUDI_CODE_LENGTHS } from './address-facts';
import { COUNTRY_CODES, type CountryCode } from '../locale';
import { ADDRESS } from '../countries/address';
import type { CountryAddress } from '../countries/types';

type AddressForm = CountryAddress['form'];

export { ADDRESS_LENGTHS, nationalNumber, PHONE_RULES, SAUDI_CODE_LENGTHS } from './address-facts';

export const signInSchema = z.object({
  email: z
    .string({ error: 'mandatory-field' })
    .trim()
    .min(1, { error: 'mandatory-field' })
    .pipe(z.email({ error: 'item_validation_error' })),
  password: z.string({ error: 'mandatory-field' }).min(1, { error: 'mandatory-field' }),
});

export const signUpSchema = z
  .object({
    name: z.string({ error: 'mandatory-field' }).trim().min(1, { error: 'mandatory-field' }).max(80),
    email: z
      .string({ error: 'mandatory-field' })
      .trim()
      .min(1, { error: 'mandatory-field' })
      .pipe(z.email({ error: 'item_validation_error' })),
    password: z
      .string({ error: 'mandatory-field' })
      .min(1, { error: 'mandatory-field' })
      .min(MIN_PASSWORD_LENGTH, { error: 'min_chars_validation_error' })
      .max(200),
    confirmPassword: z.string().optional(),
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, {
    error: 'pass_match_validation_error',
    path: ['confirmPassword'],
  });

export const forgotPasswordSchema = z.object({
  email: z
    .string({ error: 'mandatory-field' })
    .trim()
    .min(1, { error: 'mandatory-field' })
    .pipe(z.email({ error: 'item_validation_error' })),
});

export const resetPasswordSchema = z
  .object({
    token: z.string().regex(/^[0-9a-f]{64}$/, { error: 'reset_link_invalid' }),
    password: z
      .string({ error: 'mandatory-field' })
      .min(1, { error: 'mandatory-field' })
      .min(MIN_PASSWORD_LENGTH, { error: 'min_chars_validation_error' })
      .max(200),
    confirmPassword: z.string().optional(),
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, {
    error: 'pass_match_validation_error',
    path: ['confirmPassword'],
  });

/** A reset link's token, checked when its page opens (nothing used up): the page says at once when it is spent. */
export const resetLinkSchema = z.object({
  token: z.string().regex(/^[0-9a-f]{64}$/, { error: 'reset_link_invalid' }),
});

/** The link of the "your earlier orders" mail: proves the address, claims its guest orders. */
export const verifyEmailSchema = z.object({
  token: z.string().regex(/^[0-9a-f]{64}$/, { error: 'verify_link_invalid' }),
});

export const setNameSchema = z.object({
  name: z.string({ error: 'mandatory-field' }).trim().min(1, { error: 'mandatory-field' }).max(80),
});

/** POST /user/profile/set-birthday: 'MM-DD', or null to remove it (issue 47). */
export const setBirthdaySchema = z.object({
  birthday: z.string().refine(isBirthday, { error: 'account_birthday_invalid' }).nullable(),
});

export const setPhoneSchema = z
  .object({
    country: z.enum(COUNTRY_CODES),
    phone: z
      .string({ error: 'mandatory-field' })
      .overwrite(normalizeDigits)
      .trim()
      .min(1, { error: 'mandatory-field' }),
  })
  .refine((v) => isMobileNumber(v.country, nationalNumber(v.phone)), {
    error: 'phone_invalid',
    path: ['phone'],
  });

export const setPasswordSchema = z.object({
  old_password: z.string({ error: 'mandatory-field' }).min(1, { error: 'mandatory-field' }),
  new_password: z
    .string({ error: 'mandatory-field' })
    .min(MIN_PASSWORD_LENGTH, { error: 'min_chars_validation_error' })
    .max(200),
});

export const removeAccountSchema = z.object({
  password: z.string({ error: 'mandatory-field' }).min(1, { error: 'mandatory-field' }),
});

const digits = (n: number) => new RegExp(`^\\d{${n}}$`);
/** A short national address: four letters, then the four digits of the building number. */
const SHORT_ADDRESS = new RegExp(
  `^([A-Za-z]{${SAUDI_CODE_LENGTHS.short_address / 2}}\\d{${SAUDI_CODE_LENGTHS.building_number}})?$`,
);

// Address texts take Arabic-Indic and Persian digits too (block ٣, building ١٢): stored with Latin ones.
const text = (max: number) =>
  z.string().overwrite(normalizeDigits).trim().max(max, { error: 'max_chars_validation_error' });
const required = (max: number) =>
  z
    .string({ error: 'mandatory-field' })
    .overwrite(normalizeDigits)
    .trim()
    .min(1, { error: 'mandatory-field', abort: true })
    .max(max, { error: 'max_chars_validation_error' });
const phoneOf = (country: CountryCode) =>
  required(ADDRESS_LENGTHS.phone.max).refine((p) => isMobileNumber(country, nationalNumber(p)), {
    error: 'phone_invalid',
  });
/** A place id: a number from the API, or the value of a form's select (a string, empty when unchosen). */
const placeId = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v),
  z.number({ error: 'mandatory-field' }).int({ error: 'mandatory-field' }).positive({ error: 'mandatory-field' }),
);

/**
 * Each address form's own fields (decision 77), keyed by the form a country's module names
 * (`ADDRESS[c].form`); a country's address is its form's fields with its own mobile numbers. A new kind
 * of form is one entry here (and its fields in the address form); a new country of a known kind is none.
 */
const FORM_FIELDS = {
  /** Governorate → area, block, street, avenue, building, floor, apartment (Kuwait). */
  'area-block': {
    area_id: placeId,
    block: required(ADDRESS_LENGTHS.block.max),
    street: required(ADDRESS_LENGTHS.street.max),
    avenue: text(ADDRESS_LENGTHS.avenue.max).optional(),
    building: required(ADDRESS_LENGTHS.building.max),
    floor: text(ADDRESS_LENGTHS.floor.max).optional(),
    apartment: text(ADDRESS_LENGTHS.apartment.max).optional(),
  },
  /** City, district, street, building number, postal code, short national address (Saudi Arabia). */
  'national-address': {
    city_id: placeId,
    district: required(ADDRESS_LENGTHS.district.max),
    street: required(ADDRESS_LENGTHS.street.max),
    building_number: z
      .string({ error: 'mandatory-field' })
      .overwrite(normalizeDigits)
      .trim()
      .min(1, { error: 'mandatory-field', abort: true })
      .regex(digits(SAUDI_CODE_LENGTHS.building_number), { error: 'building_number_invalid' }),
    postal_code: z
      .string({ error: 'mandatory-field' })
      .overwrite(normalizeDigits)
      .trim()
      .min(1, { error: 'mandatory-field', abort: true })
      .regex(digits(SAUDI_CODE_LENGTHS.postal_code), { error: 'postal_code_invalid' }),
    short_address: z
      .string()
      .overwrite(normalizeDigits)
      .trim()
      .regex(SHORT_ADDRESS, { error: 'short_address_invalid' })
      .optional(),
  },
  /**
   * Emirate, area (stored as `district`), street, building, flat (`apartment`) and the optional Makani
   * number, the 10 digits on a Dubai building's entrance plate that find the door on their own (the
   * Emirates). The emirate is a carrier's city of the country (`city_id`).
   */
  'emirate-area': {
    city_id: placeId,
    district: required(ADDRESS_LENGTHS.district.max),
    street: required(ADDRESS_LENGTHS.street.max),
    building: required(ADDRESS_LENGTHS.building.max),
    apartment: text(ADDRESS_LENGTHS.apartment.max).optional(),
    makani: z
      .string()
      .overwrite((s) => normalizeDigits(s).replace(/\s/g, ''))
      .regex(new RegExp(`^(\\d{${MAKANI_LENGTH}})?$`), { error: 'makani_invalid' })
      .optional(),
  },
} satisfies Record<AddressForm, z.ZodRawShape>;
type FormFields = typeof FORM_FIELDS;

/** What every address has, whatever its form. */
const commonFields = (country: CountryCode) => ({
  country: z.literal(country) as unknown as z.ZodType<CountryCode>,
  label: text(ADDRESS_LENGTHS.label.max).optional(),
  recipient: required(ADDRESS_LENGTHS.recipient.max),
  phone: phoneOf(country),
});
type CommonFields = ReturnType<typeof commonFields>;
/** The fields of an address of form F (without the label where L), with `E` added. */
type AddressShape<F extends AddressForm, E extends z.ZodRawShape, L extends boolean> = (L extends true
  ? Omit<CommonFields, 'label'>
  : CommonFields) &
  FormFields[F] &
  E;
type AddressMember<E extends z.ZodRawShape, L extends boolean> = {
  [F in AddressForm]: z.ZodObject<AddressShape<F, E, L>>;
}[AddressForm];

/**
 * A delivery address of any country: a union by country, each country's member its form's fields and its
 * own mobile numbers (the phone stays a field's check, so its message comes in the field's order, as the
 * form shows them). `omitLabel` leaves out the label (a gift's recipient is saved to nobody's book),
 * `extra` adds fields to every member (the gift's message and date).
 */
export function addressSchemaWith<E extends z.ZodRawShape, L extends boolean = false>(
  extra: E | ((country: CountryCode) => E),
  omitLabel?: L,
) {
  const members = COUNTRY_CODES.map((country) => {
    const { label: _, ...unlabelled } = commonFields(country);
    return z.object({
      ...(omitLabel ? unlabelled : commonFields(country)),
      ...FORM_FIELDS[ADDRESS[country].form],
      // Extra fields may depend on the country (a gift's delivery date is a day of its clocks).
      ...(typeof extra === 'function' ? extra(country) : extra),
    });
  });
  return z.discriminatedUnion('country', members as unknown as [AddressMember<E, L>, ...AddressMember<E, L>[]]);
}

export const addressSchema = addressSchemaWith({});
/** An address as the schema gives it, of whichever form (code past the schema asks `ADDRESS[c].form`). */
export type AddressInput = z.output<typeof addressSchema>;

/** A saved address as the API lists it (GET /user/address), inferred from its response schema. */
export type { Address } from './address-responses';
