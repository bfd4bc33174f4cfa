// zod schemas shared by the API (validation) and the client (forms and typed calls).
import { z } from '../zod';
import { COUNTRY_CODES } from '../locale';
import { CURRENCY_CODES } from '../countries';

export const deviceAuthSchema = z.object({
  device: z.object({
    name: z.string().trim().min(1).max(120),
    capacity: z.union([z.string().max(40), z.number().int().nonnegative()]).optional(),
    uid: z.string().trim().min(8).max(128),
    platform: z.string().trim().min(1).max(40),
  }),
  os: z.object({
    version: z.string().trim().max(40),
    type: z.string().trim().min(1).max(40),
  }),
});
export type DeviceAuthInput = z.infer<typeof deviceAuthSchema>;

export const countrySchema = z.object({
  id: z.number().int(),
  name_en: z.string(),
  name_ar: z.string(),
  code: z.enum(COUNTRY_CODES),
  currency: z.enum(CURRENCY_CODES),
  decimals: z.number().int(),
  /** Rate from KWD as a decimal string, e.g. "12.2150"; money never travels as a float. */
  exchange_rate: z.string(),
  is_default: z.boolean(),
  /** VAT rate in basis points (1500 = 15 %), 0 without VAT; prices are shown with it included. */
  vat_basis_points: z.number().int(),
  /**
   * The free-delivery threshold the country's owner set, minor units of its currency as the shopper pays
   * (VAT included): compared with the cart's payable subtotal, never converted (decision 52).
   */
  free_delivery_minor: z.number().int(),
  /** The unlock-free-delivery modal's margin over what is missing, minor units of the country's currency. */
  unlock_margin_minor: z.number().int(),
  /**
   * The delivery fee below the threshold the owner set, minor units of the country's currency as paid;
   * null for a country without settings (nothing the shop could promise).
   */
  delivery_fee_minor: z.number().int().nullable(),
});
export type Country = z.infer<typeof countrySchema>;
