// What GET /user/address answers (api/src/routes/addresses.ts): the route's response schema (decision
// 68); Address in ./account-schemas.ts is inferred from it. Apart from the address forms' schemas, so
// the forms do not load the answer's.
import { z } from '../zod';
import { COUNTRY_CODES } from '../locale';

/** A saved address as the API lists it, with its place names in the request's language. */
const savedAddressSchema = z.object({
  id: z.int(),
  country: z.enum(COUNTRY_CODES),
  label: z.string(),
  recipient: z.string(),
  phone: z.string(),
  // Kuwait: the area (with its governorate), block, street and building.
  area_id: z.int().nullable(),
  area_name: z.string().nullable(),
  governorate_id: z.int().nullable(),
  governorate_name: z.string().nullable(),
  block: z.string().nullable(),
  street: z.string().nullable(),
  avenue: z.string().nullable(),
  building: z.string().nullable(),
  floor: z.string().nullable(),
  apartment: z.string().nullable(),
  // Saudi Arabia: the city, district, building number, postal code and national short address.
  city_id: z.int().nullable(),
  city_name: z.string().nullable(),
  district: z.string().nullable(),
  building_number: z.string().nullable(),
  postal_code: z.string().nullable(),
  short_address: z.string().nullable(),
  // The Emirates: the emirate is the city, the area the district, the flat the apartment, and the Makani number.
  makani: z.string().nullable(),
  is_default: z.boolean(),
  created_at: z.int(),
});
export type Address = z.infer<typeof savedAddressSchema>;

export const addressListSchema = z.object({ items: z.array(savedAddressSchema) });
