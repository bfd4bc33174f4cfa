// The back office's delivery settings read (GET /staff/settings/delivery): each country the member may
// read, with its rules, speeds, fee and holidays. `staffCall` checks the answer against the route's
// response schema (decision 68); the storefront's staff-delivery test covers the page and the changes.
import { describe, expect, it } from 'vitest';
import { json } from './helpers';
import { staffCall, staffWith } from './staff-helpers';

describe('GET /staff/settings/delivery', () => {
  it("answers each country the grant reaches, with its rules, speeds and the next year's holidays", async () => {
    const owner = await staffWith([{ role: 'owner', country: null }]);
    const res = await staffCall(owner.token, '/staff/settings/delivery');
    expect(res.status).toBe(200);
    const { data } = await json<{ data: { countries: Array<{ country: string; speeds: unknown[] }> } }>(res);
    expect(data.countries.map((c) => c.country)).toEqual(['KW', 'SA']);
    expect(data.countries.every((c) => c.speeds.length > 0)).toBe(true);

    const saOnly = await staffWith([{ role: 'owner', country: 'SA' }]);
    const sa = await json<{ data: { countries: Array<{ country: string }> } }>(
      await staffCall(saOnly.token, '/staff/settings/delivery'),
    );
    expect(sa.data.countries.map((c) => c.country)).toEqual(['SA']);
  });
});
