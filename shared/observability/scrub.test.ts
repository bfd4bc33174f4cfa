import { describe, expect, it } from 'vitest';
import { scrubEvent, scrubText, scrubUrl } from './scrub';

const userToken = 'a'.repeat(16) + '0123456789abcdef'.repeat(3);

describe('error report scrubbing', () => {
  it('masks e-mail addresses, bearer and device tokens and long secrets in text', () => {
    const text = scrubText(
      `no account for sara.k+1@example.com.kw with Bearer ${userToken} and dv1.abc.def, hash ${'f'.repeat(64)}`,
    );
    expect(text).toBe('no account for [email] with Bearer [token] and [token], hash [redacted]');
  });

  it('cuts the query and fragment off URLs (search terms, reset tokens)', () => {
    expect(scrubUrl('https://shop.test/ar/reset-password?token=abc&email=a%40b.com#x')).toBe(
      'https://shop.test/ar/reset-password',
    );
  });

  it('removes the body, cookies, query, user and all headers but the browser and request id', () => {
    const event = scrubEvent({
      message: 'failed for omar@example.com',
      request: {
        method: 'POST',
        url: 'https://shop.test/api/quiz?answers=diabetes',
        headers: {
          'User-Agent': 'Mozilla/5.0',
          cookie: 'utk=secret',
          authorization: `Bearer ${userToken}`,
          'x-token': 'dv1.a.b',
          'x-reqid': 'req-12345678',
        },
        cookies: { utk: 'secret' },
        data: '{"condition":"diabetes","email":"omar@example.com"}',
        query_string: 'answers=diabetes',
      },
      user: { email: 'omar@example.com', ip_address: '10.0.0.1' },
      extra: { body: '{"pregnant":true}' },
      tags: { reqid: 'req-12345678', lang: 'ar' },
      exception: {
        values: [{ value: `token ${userToken} rejected`, stacktrace: { frames: [{ vars: { password: 'x' } }] } }],
      },
      breadcrumbs: [
        {
          message: 'sign in omar@example.com',
          data: { url: '/api/user/login?x=1', method: 'POST', body: '{"password":"x"}' },
        },
      ],
    });
    const sent = JSON.stringify(event);
    for (const secret of [
      'omar@example.com',
      'diabetes',
      'pregnant',
      'utk=secret',
      userToken,
      'dv1.a.b',
      'password',
      '10.0.0.1',
    ])
      expect(sent).not.toContain(secret);
    expect(event.request).toEqual({
      method: 'POST',
      url: 'https://shop.test/api/quiz',
      headers: { 'User-Agent': 'Mozilla/5.0', 'x-reqid': 'req-12345678' },
    });
    expect(event.tags).toEqual({ reqid: 'req-12345678', lang: 'ar' });
    expect(event.exception.values[0]!.value).toBe('token [redacted] rejected');
    expect(event.breadcrumbs[0]).toEqual({
      message: 'sign in [email]',
      data: { url: '/api/user/login', method: 'POST' },
    });
  });

  it("cleans a transaction's trace data: URL without query, no header, cookie or address attributes", () => {
    const event = scrubEvent({
      contexts: {
        trace: {
          data: {
            'url.full': 'https://shop.test/ar/products?q=diabetes',
            'http.request.header.cookie': ['utk=secret'],
            'http.request.header.user-agent': ['Mozilla/5.0'],
            'client.address': '10.0.0.1',
            'url.query': '?q=diabetes',
            'http.response.status_code': 200,
          },
        },
      },
      spans: [
        {
          description: 'GET https://api.test/search?q=pregnancy',
          data: { 'http.query': 'q=pregnancy', 'url.full': 'https://api.test/search?q=pregnancy' },
        },
      ],
    });
    expect((event.contexts!.trace as { data: unknown }).data).toEqual({
      'url.full': 'https://shop.test/ar/products',
      'http.response.status_code': 200,
    });
    expect(event.spans).toEqual([
      { description: 'GET https://api.test/search', data: { 'url.full': 'https://api.test/search' } },
    ]);
  });
});
