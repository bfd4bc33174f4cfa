// The nutritionist list's "free on" filter offers only the days someone has a free time: with nobody
// working on Friday and Saturday those days are not offered (they led to "0 nutritionists"), each
// offered day finds someone, the other filters narrow the days, and with no hours at all none is offered.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { weekdayOf } from '#shared/consultations/rules';
import { json } from './helpers';
import { post, setUp } from './consultation-helpers';

const FRIDAY = 5;
const SATURDAY = 6;

beforeAll(async () => {
  await setUp();
  // The Gulf weekend: nobody works.
  await env.DB.prepare('DELETE FROM nutritionist_availability WHERE weekday IN (?, ?)').bind(FRIDAY, SATURDAY).run();
});

const list = async (filters: Record<string, string>) =>
  (await json(await post('/nutritionist/list', filters, null))).data;

describe('the days the "free on" filter offers', () => {
  it('are the days with a free time only, each of them finding someone', async () => {
    const { free_days: days } = await list({});
    expect(days.length).toBeGreaterThan(5);
    expect(days.filter((d: string) => [FRIDAY, SATURDAY].includes(weekdayOf(d)))).toEqual([]);
    expect([...days].sort()).toEqual(days);
    for (const day of days.slice(0, 3)) expect((await list({ day })).total, day).toBeGreaterThan(0);
    // A Friday in the fortnight is not offered, and indeed finds nobody.
    const friday = Array.from({ length: 14 }, (_, i) =>
      new Date(Date.now() + 3 * 3_600_000 + i * 86_400_000).toISOString().slice(0, 10),
    ).find((d) => weekdayOf(d) === FRIDAY)!;
    expect(days).not.toContain(friday);
    expect((await list({ day: friday })).total).toBe(0);
  });

  it('follow the other filters, and are none when nobody has hours', async () => {
    // Dr. Noura speaks English, Khalid Arabic only: no man who speaks English, so no day for him.
    expect((await list({ language: 'en' })).free_days.length).toBeGreaterThan(0);
    expect((await list({ language: 'en', gender: 'male' })).free_days).toEqual([]);
    await env.DB.prepare('DELETE FROM nutritionist_availability').run();
    expect((await list({})).free_days).toEqual([]);
  });
});
