// Data requests in the back office (decision 49): staff list every export and erasure with who
// asked and when, prepare an archive for a shopper who asked the shop (never receiving it), and each
// view and action is in the audit log; a role without customers:export is refused.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, deviceToken, json, registerShopper, saveAddress } from './helpers';
import { staffCall, staffWith, type TestStaff } from './staff-helpers';

let device: string;
let owner: TestStaff;
let catalogue: TestStaff;

const as = (token: string, path: string, body?: unknown) =>
  call(path, {
    token: device,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    headers: { authorization: `Bearer ${token}`, 'x-country': 'KW', lang: 'en' },
  });

beforeAll(async () => {
  device = await deviceToken();
  owner = await staffWith([{ role: 'owner', country: null }]);
  catalogue = await staffWith([{ role: 'catalogue_manager', country: null }]);
});

describe('data requests in the back office', () => {
  it('lists the shoppers’ exports and erasures, prepares one for a shopper, and audits both', async () => {
    const asking = await registerShopper(device, 'asks');
    expect((await as(asking.token, '/user/data/export', {})).status).toBe(200);
    const leaving = await registerShopper(device, 'leaves');
    expect((await as(leaving.token, '/user/remove', { password: 'secret1' })).status).toBe(200);
    const helped = await registerShopper(device, 'helped');

    const made = await staffCall(owner.token, `/staff/customers/${helped.id}/data-export`, { json: {} });
    expect(made.status, await made.clone().text()).toBe(200);
    const again = await staffCall(owner.token, `/staff/customers/${helped.id}/data-export`, { json: {} });
    expect(again.status).toBe(409);
    expect((await json(again)).meta.msg).toBe('data_export_in_progress');
    // The archive goes to her: her own page shows it, with no link until it is ready.
    expect((await json(await as(helped.token, '/user/data/export'))).data.export).toMatchObject({
      status: 'requested',
      download: null,
    });

    const res = await staffCall(owner.token, '/staff/data-requests');
    expect(res.status).toBe(200);
    const { requests } = (await json(res)).data as { requests: Array<Record<string, unknown>> };
    const of = (id: number) => requests.filter((r) => r.user_id === id);
    expect(of(asking.id)).toMatchObject([{ kind: 'export', status: 'requested', source: 'shopper' }]);
    expect(of(leaving.id)).toMatchObject([
      { kind: 'erasure', status: 'done', source: 'shopper', deleted_at: expect.any(Number) },
    ]);
    expect(of(helped.id)).toMatchObject([
      { kind: 'export', status: 'requested', source: 'staff', staff_name: owner.name },
    ]);
    // No download link or key in the list: staff never get the archive.
    expect(JSON.stringify(requests)).not.toMatch(/download|r2_key|wrapped_key/);

    const audit = await env.DB.prepare(
      "SELECT action, resource_id FROM audit_log WHERE staff_id = ? AND action IN ('data_requests.view', 'customer.data_export') ORDER BY id",
    )
      .bind(owner.id)
      .all();
    expect(audit.results).toEqual([
      { action: 'customer.data_export', resource_id: String(helped.id) },
      { action: 'data_requests.view', resource_id: null },
    ]);
  });

  it("shows a one-country member the requests of shoppers with a record in her country, an address's too", async () => {
    // Her one record is a Saudi address: a Saudi shopper, not nobody's country.
    const saudi = await registerShopper(device, 'saudi-address');
    await saveAddress(device, saudi.token, 'SA');
    expect((await as(saudi.token, '/user/data/export', {})).status).toBe(200);
    const listed = async (country: 'KW' | 'SA') => {
      const support = await staffWith([{ role: 'support', country }]);
      const { requests } = (await json(await staffCall(support.token, '/staff/data-requests'))).data as {
        requests: Array<{ user_id: number }>;
      };
      return requests.some((r) => r.user_id === saudi.id);
    };
    expect(await listed('KW')).toBe(false);
    expect(await listed('SA')).toBe(true);
  });

  it('is refused to a role without customers:export, and an erased shopper gets no archive', async () => {
    expect((await staffCall(catalogue.token, '/staff/data-requests')).status).toBe(403);
    const gone = await registerShopper(device, 'gone');
    expect((await staffCall(catalogue.token, `/staff/customers/${gone.id}/data-export`, { json: {} })).status).toBe(
      403,
    );
    await as(gone.token, '/user/remove', { password: 'secret1' });
    expect((await staffCall(owner.token, `/staff/customers/${gone.id}/data-export`, { json: {} })).status).toBe(409);
    expect((await staffCall(owner.token, '/staff/customers/999999999/data-export', { json: {} })).status).toBe(404);
  });
});
