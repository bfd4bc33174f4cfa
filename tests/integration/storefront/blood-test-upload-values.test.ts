// An uploaded result's values on its page, rendered by the storefront against the built
// API: the confirmed values in the server-rendered Arabic table, numbers left to right, within the
// page's 3 D1 round trips; the values editor is no part of the page's HTML until it is opened.
import { beforeAll, describe, expect, it } from 'vitest';
import { BLOOD_TEST_UPLOAD_CONSENT_VERSION } from '#shared/api/blood-test-upload-schemas';
import { reportPdf, SAMPLE_REPORT } from '../../support/report-pdf';
import { cookiesFrom, storefront } from './helpers';

const SAME_SITE = { origin: 'http://shop.test' };
const roundTrips = (res: Response) => Number(res.headers.get('x-d1-roundtrips'));
let owner = '';

const postJson = (path: string, body: unknown, cookie: string) =>
  storefront(path, {
    method: 'POST',
    headers: { ...SAME_SITE, 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  const device = cookiesFrom(await storefront('/api/country'));
  const res = await postJson(
    '/api/user/register',
    { name: 'Sara Shopper', email: 'sf-values@example.com', password: 'secret1' },
    device,
  );
  expect(res.status).toBe(200);
  owner = `${device}; ${cookiesFrom(res)}`;
});

describe('an uploaded result with values', () => {
  it('lists them on the Arabic page, within 3 round trips, without the editor', async () => {
    const up = await storefront('/api/user/upload/bloodtest?name=report.pdf', {
      method: 'POST',
      headers: { ...SAME_SITE, 'content-type': 'application/pdf', cookie: owner },
      body: reportPdf(SAMPLE_REPORT),
    });
    expect(up.status, await up.clone().text()).toBe(200);
    const fileId = (await up.json<{ data: { id: string } }>()).data.id;
    const submit = await postJson(
      '/api/user/upload/bloodtest/submit',
      {
        lab_name: 'Values Lab',
        sample_date: '2026-01-15',
        file_ids: [fileId],
        consent: true,
        consent_version: BLOOD_TEST_UPLOAD_CONSENT_VERSION,
      },
      owner,
    );
    const id = (await submit.json<{ data: { id: number } }>()).data.id;
    const saved = await postJson(
      `/api/user/upload/bloodtest/${id}/values`,
      {
        values: [
          { biomarker: 'vitamin-d-25-oh', value: '18.2', unit: 'ng/mL', origin: 'pdf' },
          { biomarker: 'ferritin', value: '22', unit: 'ug/L', origin: 'typed' },
        ],
      },
      owner,
    );
    expect(saved.status, await saved.clone().text()).toBe(200);

    const res = await storefront(`/ar/profile/blood-tests/uploaded?id=${id}`, { headers: { cookie: owner } });
    expect(res.status).toBe(200);
    expect(roundTrips(res)).toBeGreaterThan(0);
    expect(roundTrips(res)).toBeLessThanOrEqual(3);
    const html = await res.text();
    expect(html).toContain('data-testid="values-table"');
    expect(html).toContain('فيتامين د (25-هيدروكسي)');
    expect(html).toMatch(/<bdi dir="ltr" class="value-number">18\.2(<!-- -->)? (<!-- -->)?ng\/mL<\/bdi>/);
    expect(html).toMatch(/22(<!-- -->)? (<!-- -->)?µg\/L/);
    expect(html).toContain('من ملف PDF');
    expect(html).toContain('كتبتها بنفسك');
    // The editor waits for the shopper's click (its code is in the page's chunk: see the page module).
    expect(html).toContain('data-testid="values-edit"');
    expect(html).not.toContain('data-testid="values-editor"');
  });
});
