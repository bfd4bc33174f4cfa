import { describe, expect, it, vi } from 'vitest';
import { buildEnvelope } from './error-reporter';

describe('error envelope', () => {
  it('names the DSN in its header and carries only type, message, stack and path', () => {
    vi.stubGlobal('location', { origin: 'https://shop.example' });
    const lines = buildEnvelope('https://k@o1.ingest.sentry.io/42', 'production', { type: 'TypeError', message: 'x is undefined', stack: 'at a' }, '/ar/cart', { lang: 'ar' }).split('\n');
    expect(JSON.parse(lines[0]!).dsn).toBe('https://k@o1.ingest.sentry.io/42');
    expect(JSON.parse(lines[1]!)).toEqual({ type: 'event' });
    const event = JSON.parse(lines[2]!);
    expect(event.exception.values[0]).toEqual({ type: 'TypeError', value: 'x is undefined' });
    expect(event.request.url).toBe('https://shop.example/ar/cart');
    expect(event.tags).toEqual({ lang: 'ar' });
    vi.unstubAllGlobals();
  });
});
