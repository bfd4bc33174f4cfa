// Uploaded blood-test results through the storefront, against the built API: a file's raw
// bytes go up with the cookie session (signed, beyond the proxy's 1 MB JSON limit), the result is
// submitted through the ordinary /api proxy, and the file comes back streamed with the API's
// attachment, sandbox and no-store headers, to its owner only. The bucket holds ciphertext.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { BLOOD_TEST_UPLOAD_CONSENT_VERSION } from '#shared/api/blood-test-upload-schemas';
import { cookiesFrom, registerShopper, storefront } from './helpers';

const SAME_SITE = { origin: 'http://shop.test' };
let device = '';
let owner = '';
let other = '';

const register = (email: string) => registerShopper(email, device);

/** A 2 MB PDF: over the proxy's 1 MB body limit, within the upload's 10 MB. */
function pdf(): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(2 * 1024 * 1024);
  bytes.set(new TextEncoder().encode('%PDF-1.7\nCholesterol 4.2 mmol/L STOREFRONT-MARKER\n'));
  for (let i = 64; i < bytes.length; i++) bytes[i] = i % 251;
  return bytes;
}

const upload = (body: BodyInit | Uint8Array<ArrayBuffer>, cookie: string, headers: Record<string, string> = {}) =>
  storefront('/api/user/upload/bloodtest?name=cholesterol.pdf', {
    method: 'POST',
    headers: { ...SAME_SITE, 'content-type': 'application/pdf', cookie, ...headers },
    body,
  });

beforeAll(async () => {
  device = cookiesFrom(await storefront('/api/country'));
  owner = await register('sf-upload-owner@example.com');
  other = await register('sf-upload-other@example.com');
});

describe('blood-test result files through the storefront', () => {
  it('uploads with the cookie session and downloads the same bytes, streamed with their headers', async () => {
    const file = pdf();
    const up = await upload(file, owner);
    expect(up.status, await up.clone().text()).toBe(200);
    const uploaded = (await up.json<{ data: { id: string; type: string; size: number } }>()).data;
    expect(uploaded).toMatchObject({ type: 'application/pdf', size: file.byteLength });

    const submit = await storefront('/api/user/upload/bloodtest/submit', {
      method: 'POST',
      headers: { ...SAME_SITE, 'content-type': 'application/json', cookie: owner },
      body: JSON.stringify({
        lab_name: 'Mezzan Lab',
        sample_date: '2026-02-01',
        file_ids: [uploaded.id],
        consent: true,
        consent_version: BLOOD_TEST_UPLOAD_CONSENT_VERSION,
      }),
    });
    expect(submit.status, await submit.clone().text()).toBe(200);
    const resultId = (await submit.json<{ data: { id: number } }>()).data.id;

    // At rest: ciphertext only.
    const stored = await env.API_UPLOADS.list({ prefix: 'bloodtest/' });
    expect(stored.objects.length).toBeGreaterThan(0);
    for (const o of stored.objects) {
      const text = new TextDecoder('latin1').decode(await (await env.API_UPLOADS.get(o.key))!.arrayBuffer());
      expect(text).not.toContain('STOREFRONT-MARKER');
    }

    const path = `/api/user/upload/bloodtest/${resultId}/files/${uploaded.id}`;
    const down = await storefront(path, { headers: { cookie: owner } });
    expect(down.status).toBe(200);
    expect(down.body).toBeInstanceOf(ReadableStream);
    expect(down.headers.get('content-type')).toBe('application/pdf');
    expect(down.headers.get('content-disposition')).toMatch(/^attachment; filename="cholesterol\.pdf"/);
    expect(down.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    expect(down.headers.get('x-content-type-options')).toBe('nosniff');
    expect(down.headers.get('cache-control')).toBe('private, no-store');
    expect(new Uint8Array(await down.arrayBuffer())).toEqual(file);

    // Another shopper: the API's not-found envelope; a browser without a session: 401.
    const stranger = await storefront(path, { headers: { cookie: other } });
    expect(stranger.status).toBe(404);
    expect(await stranger.json()).toMatchObject({ meta: { msg: 'not_found' } });
    expect((await storefront(path, { headers: { cookie: device } })).status).toBe(401);

    const list = await storefront('/api/user/upload/list/bloodtest', { headers: { cookie: owner } });
    expect((await list.json<{ data: { items: Array<{ id: number }> } }>()).data.items[0]!.id).toBe(resultId);
  });

  it('refuses a file over 10 MB at the edge, a cross-site upload, and a text file named .pdf', async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(new TextEncoder().encode('%PDF-'));
    const tooBig = await upload(big, owner);
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toMatchObject({ meta: { msg: 'upload_too_large' } });

    const crossSite = await upload(pdf(), owner, { origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);

    const text = await upload(new TextEncoder().encode('not a pdf'), owner);
    expect(text.status).toBe(415);
    expect(await text.json()).toMatchObject({ meta: { msg: 'upload_type_unsupported' } });
  });

  it('renders the pages: the form for a shopper, the result to its owner only, and the lists', async () => {
    const up = await upload(pdf(), owner);
    const fileId = (await up.json<{ data: { id: string } }>()).data.id;
    const submit = await storefront('/api/user/upload/bloodtest/submit', {
      method: 'POST',
      headers: { ...SAME_SITE, 'content-type': 'application/json', cookie: owner },
      body: JSON.stringify({
        lab_name: 'Sahara Pages Lab',
        sample_date: '2026-03-04',
        notes: 'Yearly check',
        file_ids: [fileId],
        consent: true,
        consent_version: BLOOD_TEST_UPLOAD_CONSENT_VERSION,
      }),
    });
    const id = (await submit.json<{ data: { id: number } }>()).data.id;
    const html = async (path: string, cookie: string) => {
      const res = await storefront(path, { headers: { cookie } });
      return { status: res.status, text: await res.text() };
    };

    // The upload page: a guest is asked to sign in and come back; a shopper gets the form.
    const guest = await html('/ar/upload-blood-test', device);
    expect(guest.status).toBe(200);
    expect(guest.text).toContain('data-testid="upload-sign-in"');
    expect(guest.text).toContain('return_url=%2Far%2Fupload-blood-test');
    const form = await html('/upload-blood-test', owner);
    expect(form.text).toContain('data-testid="upload-form"');
    expect(form.text).not.toContain('data-testid="upload-sign-in"');

    // One result: its facts and its file's download link, to its owner; another shopper's id is a 404.
    const detail = await html(`/profile/blood-tests/uploaded?id=${id}`, owner);
    expect(detail.status).toBe(200);
    expect(detail.text).toContain('Sahara Pages Lab');
    expect(detail.text).toContain('Yearly check');
    expect(detail.text).toContain(`href="/api/user/upload/bloodtest/${id}/files/${fileId}"`);
    expect(detail.text).toContain('2 MB');
    expect((await html(`/profile/blood-tests/uploaded?id=${id}`, other)).status).toBe(404);
    expect((await html('/profile/blood-tests/uploaded?id=abc', owner)).status).toBe(404);

    // The list and the hub show it to its owner, not to the other shopper.
    expect((await html('/profile/blood-tests/uploaded', owner)).text).toContain('Sahara Pages Lab');
    // The hub reads the latest uploads once live (the browser story checks them); its HTML has the section.
    expect((await html('/ar/profile/blood-tests', owner)).text).toContain('data-testid="bt-hub-uploaded"');
    const others = await html('/profile/blood-tests/uploaded', other);
    expect(others.text).not.toContain('Sahara Pages Lab');
    expect(others.text).toContain('You have not uploaded a result yet.');
  });
});
