// What the back office's Blood tests routes answer (api/src/routes/staff/lab.ts): the routes' response
// schemas (decision 68) and the types the lab pages read, one declaration each.
import { z } from '../zod';
import { COUNTRY_CODES, LANGS } from '../locale';
import { BLOOD_TEST_ORDER_STATUSES } from './blood-test-order-facts';
import { BLOOD_TEST_PAYMENT_METHODS, PATIENT_SEXES, SLOT_WINDOWS } from './blood-test-order-facts';

const country = z.enum(COUNTRY_CODES);
const status = z.enum(BLOOD_TEST_ORDER_STATUSES);
const window = z.enum(SLOT_WINDOWS);
/** A window with its hours, Gulf local ("07:00"–"09:00"). */
const slotSchema = z.object({ date: z.string(), window, starts: z.string(), ends: z.string() });
const testNameSchema = z.object({ name_en: z.string(), name_ar: z.string() });

/** A visit of the day's list: only orders booked, collected, at the lab or with results are listed. */
const visitSchema = z.object({
  id: z.int(),
  country,
  status: z.enum(['booked', 'sample_collected', 'at_lab', 'results_ready']),
  /** `area:<id>` or `city:<id>`, with its names. */
  zone: z.string(),
  zone_en: z.string(),
  zone_ar: z.string(),
  slot: slotSchema,
  patient: z.object({ name: z.string(), sex: z.enum(PATIENT_SEXES), date_of_birth: z.string() }),
  /** The address in the reader's language, one line. */
  address: z.string(),
  phone: z.string().nullable(),
  tests: z.array(testNameSchema),
  payment: z.object({
    method: z.enum(BLOOD_TEST_PAYMENT_METHODS),
    state: z.enum(['paid', 'pending', 'failed', 'pay_at_visit', 'refunded']),
    total: z.int(),
    currency: z.string(),
  }),
  nurse: z.object({ id: z.int(), name: z.string() }).nullable(),
  confirmed: z.boolean(),
});
export type VisitView = z.infer<typeof visitSchema>;

/** GET /staff/visits */
export const dayVisitsSchema = z.object({
  date: z.string(),
  zone: z.string().nullable(),
  zones: z.array(z.object({ zone: z.string(), zone_en: z.string(), zone_ar: z.string(), visits: z.int() })),
  /** Active nurses of the countries shown: whom a visit may be given. */
  nurses: z.array(z.object({ id: z.int(), country, name: z.string() })),
  visits: z.array(visitSchema),
});
export type VisitsData = z.infer<typeof dayVisitsSchema>;

/** A visit's step (collected, at the lab): the order and its new status. */
export const visitStepSchema = z.object({ order_id: z.int(), status: z.enum(['sample_collected', 'at_lab']) });
/** A nurse assigned or a visit confirmed: false when it already was. */
export const visitChangeSchema = z.object({ order_id: z.int(), changed: z.boolean() });

const nurseSchema = z.object({ id: z.int(), country, name: z.string(), phone: z.string(), active: z.boolean() });
export type NurseView = z.infer<typeof nurseSchema>;
/** GET /staff/nurses */
export const nursesSchema = z.object({ nurses: z.array(nurseSchema) });
export type NursesData = z.infer<typeof nursesSchema>;
export const nurseAddedSchema = z.object({ nurse_id: z.int() });
export const changedSchema = z.object({ changed: z.boolean() });

/** GET /staff/results: orders collected or at the lab, with how far their results are. */
export const pendingResultsSchema = z.object({
  orders: z.array(
    z.object({
      id: z.int(),
      country,
      status: z.enum(['sample_collected', 'at_lab']),
      slot_date: z.string(),
      slot_window: window,
      sample_collected_at: z.int(),
      at_lab_at: z.int().nullable(),
      patient_name: z.string(),
      /** The order's biomarkers, those with a result, those waiting for approval, and those this member entered. */
      markers: z.int(),
      entered: z.int(),
      to_approve: z.int(),
      mine: z.int(),
      slot: slotSchema,
      awaiting: z.enum(['entry', 'approval', 'release']),
    }),
  ),
});
export type PendingResults = z.infer<typeof pendingResultsSchema>;
export type PendingOrder = PendingResults['orders'][number];

/** Why this member may not approve now; the order's approve button explains it. */
const APPROVAL_REFUSALS = [
  'results_locked',
  'transition_not_allowed',
  'results_incomplete',
  'results_nothing_to_approve',
  'results_same_person',
] as const;
export type ApprovalRefusal = (typeof APPROVAL_REFUSALS)[number];

const resultSchema = z.object({
  order_id: z.int(),
  biomarker_id: z.int(),
  value: z.string(),
  unit: z.string(),
  ref_low: z.string().nullable(),
  ref_high: z.string().nullable(),
  comment: z.string(),
  entered_by: z.int(),
  entered_by_name: z.string().nullable(),
  entered_at: z.number(),
  approved_by: z.int().nullable(),
  approved_by_name: z.string().nullable(),
  approved_at: z.number().nullable(),
});

/** GET /staff/results/:id: an order's biomarkers with their results. */
export const orderResultsSchema = z.object({
  order: z.object({
    id: z.int(),
    country,
    status,
    lang: z.enum(LANGS),
    slot_date: z.string(),
    slot_window: window,
    sample_collected_at: z.int().nullable(),
    at_lab_at: z.int().nullable(),
    results_ready_at: z.int().nullable(),
    patient_name: z.string(),
    patient_sex: z.enum(PATIENT_SEXES),
    patient_birth: z.string(),
  }),
  tests: z.array(testNameSchema.extend({ blood_test_id: z.int() })),
  markers: z.array(
    z.object({
      biomarker_id: z.int(),
      slug: z.string(),
      name_en: z.string(),
      name_ar: z.string(),
      unit: z.string(),
      loinc: z.string(),
      /** The units a result may be entered in (UCUM code and labels): chosen, never typed. */
      units: z.array(z.object({ ucum: z.string(), en: z.string(), ar: z.string() })),
      result: resultSchema.nullable(),
    }),
  ),
  can_enter: z.boolean(),
  approval_refusal: z.enum(APPROVAL_REFUSALS).nullable(),
});
export type OrderResultsData = z.infer<typeof orderResultsSchema>;

/** POST /staff/results/save: how many results changed (0: all as they were). */
export const resultsSavedSchema = z.object({ order_id: z.int(), changed: z.int() });
/** POST /staff/results/approve */
export const resultsApprovedSchema = z.object({ order_id: z.int(), status: z.literal('results_ready') });

/** GET /staff/bloodTests: each SKU's prices in the countries the grant allows (minor units). */
export const testCatalogueSchema = z.object({
  countries: z.array(country),
  can_toggle_active: z.boolean(),
  tests: z.array(
    z.object({
      id: z.int(),
      slug: z.string(),
      kind: z.enum(['test', 'panel']),
      name_en: z.string(),
      name_ar: z.string(),
      is_active: z.boolean(),
      sku_id: z.int(),
      prices: z.partialRecord(country, z.object({ price: z.int(), old_price: z.int().nullable() })),
    }),
  ),
});
export type TestsData = z.infer<typeof testCatalogueSchema>;

/** POST /staff/bloodTests/price: the price as stored (minor units), false when it already was. */
export const testPriceSetSchema = z.object({
  sku_id: z.int(),
  country,
  price: z.int(),
  old_price: z.int().nullable(),
  changed: z.boolean(),
});
export const testActiveSetSchema = z.object({ blood_test_id: z.int(), active: z.boolean(), changed: z.boolean() });

/** GET /staff/bloodTests/capacity */
export const collectionSettingsSchema = z.object({
  countries: z.array(country),
  default_capacity: z.int(),
  windows: z.array(window),
  capacity: z.array(
    z.object({ zone: z.string(), slot_window: window, capacity: z.int(), zone_en: z.string(), zone_ar: z.string() }),
  ),
  blackout_days: z.array(z.object({ country, date: z.string(), name_en: z.string(), name_ar: z.string() })),
  zones: z.array(z.object({ zone: z.string(), country, name_en: z.string(), name_ar: z.string() })),
});
export type CapacityData = z.infer<typeof collectionSettingsSchema>;

/** POST /staff/bloodTests/capacity and …/remove (capacity null: back to the default). */
export const capacitySetSchema = z.object({
  zone: z.string(),
  window,
  capacity: z.int().nullable(),
  changed: z.boolean(),
});
export const blackoutAddedSchema = z.object({ country, date: z.string(), name_en: z.string(), name_ar: z.string() });
export const blackoutRemovedSchema = blackoutAddedSchema.pick({ country: true, date: true });
