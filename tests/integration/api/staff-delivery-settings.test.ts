// The back office's delivery settings read (GET /staff/settings/delivery): each country the member may
// read, with its rules, speeds, fee and holidays. `staffCall` checks the answer against the route's
// response schema (decision 68); the storefront's staff-delivery test covers the page and the changes,
// and the changes' answers are checked here, where the schema check sees them.
import { describe, expect, it } from 'vitest';
import { json } from './helpers';
import { staffCall, staffWith } from './staff-helpers';

describe('/staff/settings/delivery', () => {
  it("answers each country the grant reaches, with its rules, speeds and the next year's holidays", async () => {
    const owner = await staffWith([{ role: 'owner', country: null }]);
    const res = await staffCall(owner.token, '/staff/settings/delivery');
    expect(res.status).toBe(200);
    const { data } = await json<{
      data: { countries: Array<{ country: string; speeds: unknown[]; rules: { cutoff_minute: number } }> };
    }>(res);
    expect(data.countries.map((c) => c.country)).toEqual(['KW', 'SA', 'AE']);
    expect(data.countries.every((c) => c.speeds.length > 0)).toBe(true);
    // Each cut-off is a time on its own country's clocks: the Emirates' 2 pm is 14:00 in Dubai (0093).
    expect(data.countries.find((c) => c.country === 'AE')!.rules.cutoff_minute).toBe(14 * 60);

    const saOnly = await staffWith([{ role: 'owner', country: 'SA' }]);
    const sa = await json<{ data: { countries: Array<{ country: string }> } }>(
      await staffCall(saOnly.token, '/staff/settings/delivery'),
    );
    expect(sa.data.countries.map((c) => c.country)).toEqual(['SA']);
  });

  it('answers each change as saved: the rules, a speed and a holiday', async () => {
    const owner = await staffWith([{ role: 'owner', country: null }]);
    const rules = await staffCall(owner.token, '/staff/settings/delivery/rules', {
      json: {
        country: 'SA',
        cutoff: '١٣:٣٠',
        ramadan_cutoff: '11:00',
        dispatch_0: 'on',
        dispatch_1: 'on',
        delivery_1: 'on',
      },
    });
    expect(rules.status).toBe(200);
    expect((await json(rules)).data).toEqual({
      country: 'SA',
      dispatch_days: [0, 1],
      delivery_days: [1],
      cutoff_minute: 13 * 60 + 30,
      ramadan_cutoff_minute: 11 * 60,
    });

    const speed = await staffCall(owner.token, '/staff/settings/delivery/speeds', {
      json: { country: 'SA', speed: 'standard', active: 'on', zones: 'all', transit_days: '3', fee: '15.50' },
    });
    expect(speed.status).toBe(200);
    expect((await json(speed)).data).toEqual({
      country: 'SA',
      speed: 'standard',
      active: true,
      zones: 'all',
      transit_days: 3,
      fee_minor: 1550,
    });

    const holiday = await staffCall(owner.token, '/staff/settings/delivery/holidays', {
      json: { country: 'SA', date: '2030-02-22', holiday: 'Founding Day', closed: '1' },
    });
    expect(holiday.status).toBe(200);
    const saved = await json(holiday);
    expect(saved.data).toEqual({ country: 'SA', date: '2030-02-22', holiday: 'Founding Day', closed: '1' });
    expect(saved.meta.msg).toBe('delivery_saved');
  });
});
