// The back office's cart reminders (issue 64): the owner's settings and the weekly figures.
import { z } from '../zod';
import { mapCountries } from '../countries/map';
import { COUNTRY_CODES } from '../locale';

const hour = z.int().min(0).max(23);
const basisPoints = z.int().min(0).max(5000, { error: 'cart_reminder_incentive_invalid' });

/** Minutes after the last change, one or two steps, the second after the first; at most a week. */
export const cartReminderSettingsSchema = z.object({
  enabled: z.boolean(),
  steps: z
    .array(
      z.int().min(15, { error: 'cart_reminder_step_invalid' }).max(10_080, { error: 'cart_reminder_step_invalid' }),
    )
    .min(1)
    .max(2)
    .refine((s) => s.length < 2 || s[1]! > s[0]!, { error: 'cart_reminder_steps_order' }),
  quiet: z.object({ from: hour, to: hour }),
  /** The second reminder's code per country, basis points off (0: none; at most half). */
  incentive: z.object(mapCountries(() => basisPoints)),
});

const cartReminderFigureSchema = z.object({
  week_start: z.int(),
  channel: z.enum(['mail', 'whatsapp', 'push']),
  country: z.enum(COUNTRY_CODES),
  reminded: z.int(),
  opened: z.int(),
  recovered: z.int(),
  revenue_minor: z.int(),
});

export const cartReminderReportSchema = z.object({
  settings: cartReminderSettingsSchema,
  weeks: z.int(),
  figures: z.array(cartReminderFigureSchema),
});
export type CartReminderReport = z.infer<typeof cartReminderReportSchema>;
