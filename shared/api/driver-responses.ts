// What the back office's own-driver routes answer (api/src/routes/staff/drivers.ts): the routes' response
// schemas (decision 68) and the types the driver's page and the Deliveries page read, one declaration.
import { z } from '../zod';
import { FAIL_REASONS, RECEIVERS } from './cod-schemas';
import { CURRENCY_CODES } from '../countries';

/** A stop as its driver and the Deliveries page see it. */
const driverStopSchema = z.object({
  id: z.int(),
  tracking_number: z.string(),
  /** YYYY-MM-DD in the Gulf. */
  day: z.string(),
  /** Null: waiting to be assigned. */
  staff_id: z.int().nullable(),
  position: z.int(),
  order_number: z.string(),
  name: z.string(),
  phone: z.string(),
  /** The typed parts of the address by name (block, street, avenue, building, floor, apartment). */
  address: z.record(z.string(), z.string()),
  /** A stop stored before its parts were kept: its address values as lines, as typed. */
  address_lines: z.array(z.string()),
  /** The area in English, and in Arabic with its governorate (null: a name the places table lacks). */
  area: z.string(),
  area_ar: z.string().nullable(),
  governorate_en: z.string().nullable(),
  governorate_ar: z.string().nullable(),
  cod_amount: z.int(),
  currency: z.enum(CURRENCY_CODES),
  status: z.enum(['pending', 'delivered', 'failed']),
  received_by: z.enum(RECEIVERS).nullable(),
  receiver_name: z.string().nullable(),
  fail_reason: z.enum(FAIL_REASONS).nullable(),
  cash_collected: z.int().nullable(),
  cash_note: z.string().nullable(),
});
export type DriverStop = z.infer<typeof driverStopSchema>;

/** The driver's day (GET /staff/driver/day, and what starting the run and each mark answer). */
export const driverDaySchema = z.object({
  day: z.string(),
  /** When she left with the van; null: not yet. */
  started_at: z.number().nullable(),
  stops: z.array(driverStopSchema),
});
export type DriverDay = z.infer<typeof driverDaySchema>;

/** GET /staff/deliveries: a day's stops by driver, the drivers, and who serves which area or governorate. */
export const deliveriesDaySchema = z.object({
  day: z.string(),
  previous: z.string(),
  next: z.string(),
  /** orders:fulfil in Kuwait: the page shows its forms. */
  can_change: z.boolean(),
  drivers: z.array(z.object({ id: z.int(), name: z.string(), started_at: z.number().nullable() })),
  stops: z.array(driverStopSchema),
  zones: z.array(z.object({ kind: z.enum(['area', 'governorate']), zone_id: z.int(), staff_id: z.int() })),
  areas: z.array(
    z.object({
      id: z.int(),
      name_en: z.string(),
      name_ar: z.string(),
      governorate_id: z.int(),
      governorate_en: z.string(),
      governorate_ar: z.string(),
    }),
  ),
});
export type DeliveriesData = z.infer<typeof deliveriesDaySchema>;

/** POST /staff/deliveries/assign and /move: the day of the stop changed (the page goes back to it). */
export const deliveryStopDaySchema = z.object({ day: z.string() });

/** POST /staff/deliveries/zones: the setting saved (staff_id null: removed). */
export const driverZoneSavedSchema = z.object({
  kind: z.enum(['area', 'governorate']),
  zone_id: z.int(),
  staff_id: z.int().nullable(),
});
