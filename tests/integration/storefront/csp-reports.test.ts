// CSP violations are reported to the storefront itself, which passes them to the error reporter,
// refuses what is not a report, and limits how many one address can send.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logged } from '../../support/log-lines';
import { storefront } from './helpers';

const legacy = (
  ip: string,
  body: unknown = {
    'csp-report': {
      'document-uri': 'https://shop.test/ar/cart?token=secret',
      'violated-directive': 'script-src-elem',
      'effective-directive': 'script-src-elem',
      'blocked-uri': 'https://evil.example/x.js?q=1',
    },
  },
) =>
  storefront('/csp-report', {
    method: 'POST',
    headers: { 'content-type': 'application/csp-report', 'cf-connecting-ip': ip },
    body: JSON.stringify(body),
  });

afterEach(() => vi.restoreAllMocks());

describe('CSP violation reports', () => {
  it('every page names the report endpoint in its policy, in both languages', async () => {
    for (const path of ['/', '/ar']) {
      const res = await storefront(path);
      await res.text();
      expect(res.headers.get('content-security-policy')).toMatch(/report-uri \/csp-report; report-to csp/);
      expect(res.headers.get('reporting-endpoints')).toBe('csp="/csp-report"');
    }
  });

  it('takes a report-uri report and a Reporting API batch, and passes them on without query strings', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const res = await legacy('198.51.100.1');
    expect(res.status).toBe(204);
    expect(logged(warn)).toContainEqual(
      expect.objectContaining({
        msg: 'csp violation',
        directive: 'script-src-elem',
        blocked: 'https://evil.example/x.js',
        document: 'https://shop.test/ar/cart',
      }),
    );
    const batch = await storefront('/csp-report', {
      method: 'POST',
      headers: { 'content-type': 'application/reports+json', 'cf-connecting-ip': '198.51.100.2' },
      body: JSON.stringify([
        {
          type: 'csp-violation',
          body: { documentURL: 'https://shop.test/', effectiveDirective: 'style-src-attr', blockedURL: 'inline' },
        },
      ]),
    });
    expect(batch.status).toBe(204);
    expect(logged(warn)).toContainEqual(
      expect.objectContaining({
        msg: 'csp violation',
        directive: 'style-src-attr',
        blocked: 'inline',
        document: 'https://shop.test/',
      }),
    );
  });

  it.each([
    ['text/plain', '{}', 415],
    ['multipart/form-data; boundary=x', '--x--', 415],
    ['application/csp-report', 'not json', 400],
    ['application/csp-report', '{"nothing":1}', 400],
    ['application/csp-report', `{"csp-report":{"violated-directive":"${'a'.repeat(20_000)}"}}`, 413],
  ])('refuses %s %j with %i', async (type, body, status) => {
    const res = await storefront('/csp-report', {
      method: 'POST',
      headers: { 'content-type': type, 'cf-connecting-ip': '198.51.100.3' },
      body,
    });
    expect(res.status).toBe(status);
  });

  it('limits one address to 10 reports a minute, without limiting others', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await legacy('203.0.113.50')).status);
    expect(statuses.slice(0, 10).every((s) => s === 204)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect((await legacy('203.0.113.51')).status).toBe(204);
  });
});
