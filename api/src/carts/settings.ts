// The owner's cart reminder settings (shop_settings 'cart_reminders.*', migration 0078) and the times
// they give: each step a number of minutes after the cart was last changed, and never in the quiet hours
// of the cart's own country, on its clocks (issue 77: 21:00 in Dubai is 20:00 in Kuwait): a step due at
// night waits for the morning's first hour there.
import type { CountryCode } from '#shared/countries';
import { mapCountries } from '#shared/countries/map';
import { TIME_ZONES } from '#shared/countries/delivery';
import { HOME_COUNTRY } from '#shared/countries';
import { dateIn, hourIn, instantIn } from '#shared/country-days';

export interface ReminderSettings {
  enabled: boolean;
  /** Minutes after the last change, one per step (at most two steps). */
  steps: number[];
  /** Hours of the cart's country's clocks in which nothing is sent: from `from`:00 to `to`:00 (through midnight when from > to). */
  quiet: { from: number; to: number };
  /** The second step's code, basis points off per country (set per country, not converted); 0: none. */
  incentive: Record<CountryCode, number>;
}

export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = {
  enabled: true,
  steps: [60, 1440],
  quiet: { from: 21, to: 9 },
  incentive: mapCountries(() => 0),
};

const HOUR = 3_600_000;
const MINUTE = 60_000;

const settingsStatement = (db: D1Database) =>
  db.prepare("SELECT key, value FROM shop_settings WHERE key LIKE 'cart_reminders.%'");

/** The settings from their rows; a missing or unreadable row keeps its default. */
export function settingsFrom(rows: Array<{ key: string; value: string }>): ReminderSettings {
  const out: ReminderSettings = {
    ...DEFAULT_REMINDER_SETTINGS,
    quiet: { ...DEFAULT_REMINDER_SETTINGS.quiet },
    incentive: { ...DEFAULT_REMINDER_SETTINGS.incentive },
  };
  for (const { key, value } of rows) {
    try {
      const v = JSON.parse(value) as unknown;
      if (key === 'cart_reminders.enabled' && typeof v === 'boolean') out.enabled = v;
      if (key === 'cart_reminders.steps' && Array.isArray(v) && v.every((m) => Number.isInteger(m) && m > 0))
        out.steps = (v as number[]).slice(0, 2);
      if (key === 'cart_reminders.quiet' && v && typeof v === 'object') {
        const { from, to } = v as { from: unknown; to: unknown };
        if (isHour(from) && isHour(to)) out.quiet = { from, to };
      }
      if (key === 'cart_reminders.incentive' && v && typeof v === 'object') {
        // Each country's own value; a country the row does not name (one added since the owner saved, as
        // the Emirates were) or names wrongly keeps its default, and the others keep what the owner set.
        const byCountry = v as Partial<Record<CountryCode, unknown>>;
        out.incentive = mapCountries((c) => {
          const value = byCountry[c];
          return isBasisPoints(value) ? value : DEFAULT_REMINDER_SETTINGS.incentive[c];
        });
      }
    } catch {
      // A hand-edited row that is not JSON: the default stands.
    }
  }
  return out;
}

/** Up to half off: a reminder's code is a nudge, not a sale. */
const isBasisPoints = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 5000;

const isHour = (h: unknown): h is number => Number.isInteger(h) && (h as number) >= 0 && (h as number) <= 23;

export async function readReminderSettings(db: D1Database): Promise<ReminderSettings> {
  const { results } = await settingsStatement(db).all<{ key: string; value: string }>();
  return settingsFrom(results);
}

/** Whether a local hour is quiet. */
export function isQuietHour(hour: number, quiet: ReminderSettings['quiet']): boolean {
  if (quiet.from === quiet.to) return false;
  return quiet.from < quiet.to ? hour >= quiet.from && hour < quiet.to : hour >= quiet.from || hour < quiet.to;
}

/** The home country's zone: for a time computed before the cart's country is at hand (the run checks again in hers). */
const HOME_ZONE = TIME_ZONES[HOME_COUNTRY];

/** The time itself, or, inside the quiet hours, the next `to`:00 on the clocks of `timeZone`. */
export function outOfQuietHours(at: number, quiet: ReminderSettings['quiet'], timeZone = HOME_ZONE): number {
  if (!isQuietHour(hourIn(timeZone, at), quiet)) return at;
  const morning = instantIn(timeZone, dateIn(timeZone, at), quiet.to);
  return morning > at ? morning : morning + 24 * HOUR;
}

/** When step `step` (1-based) of a cart last changed at `changedAt` is due; null when there is none. */
export function stepDue(
  settings: ReminderSettings,
  changedAt: number,
  step: number,
  timeZone = HOME_ZONE,
): number | null {
  if (!settings.enabled) return null;
  const minutes = settings.steps[step - 1];
  if (minutes === undefined) return null;
  return outOfQuietHours(changedAt + minutes * MINUTE, settings.quiet, timeZone);
}

export const firstStepDue = (settings: ReminderSettings, changedAt: number, timeZone = HOME_ZONE) =>
  stepDue(settings, changedAt, 1, timeZone);
