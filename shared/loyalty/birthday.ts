// The birthday of the yearly points (issue 47): 'MM-DD', no year. Pure, without zod, so the account
// page checks it without loading the schemas.

/** Days in each month of a birthday (no year: 29 February is a birthday too). */
const BIRTHDAY_MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** Whether 'MM-DD' is a day of the year (the users.birthday CHECK, and the days a month has). */
export function isBirthday(value: string): boolean {
  const m = /^(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const month = Number(m[1]);
  const day = Number(m[2]);
  return month >= 1 && month <= 12 && day >= 1 && day <= BIRTHDAY_MONTH_DAYS[month - 1]!;
}

/** The days a birthday's month may have (1-based month). */
export const birthdayDaysIn = (month: number): number => BIRTHDAY_MONTH_DAYS[month - 1] ?? 31;
