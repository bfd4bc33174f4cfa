import { describe, expect, it, vi } from 'vitest';
import { buildEnvelope, stackFrames } from './error-reporter';

const CHROME = `TypeError: Cannot read properties of undefined (reading 'price')
    at formatLine (https://shop.example/assets/cart-B1x2.js:1:2345)
    at https://shop.example/assets/entry-Ab12.js?v=1:3:456
    at Array.map (<anonymous>)`;
const FIREFOX = `formatLine@https://shop.example/assets/cart-B1x2.js:1:2345
@https://cdn.other.example/lib.js:9:10`;

describe('browser stack frames', () => {
  it('parses Chrome stacks into Sentry frames, oldest call first, without query strings', () => {
    expect(stackFrames(CHROME, 'https://shop.example')).toEqual([
      { filename: 'https://shop.example/assets/entry-Ab12.js', function: '?', lineno: 3, colno: 456, in_app: true },
      {
        filename: 'https://shop.example/assets/cart-B1x2.js',
        function: 'formatLine',
        lineno: 1,
        colno: 2345,
        in_app: true,
      },
    ]);
  });

  it('parses Firefox and Safari stacks, and marks other origins as not the app', () => {
    expect(stackFrames(FIREFOX, 'https://shop.example')).toEqual([
      { filename: 'https://cdn.other.example/lib.js', function: '?', lineno: 9, colno: 10, in_app: false },
      {
        filename: 'https://shop.example/assets/cart-B1x2.js',
        function: 'formatLine',
        lineno: 1,
        colno: 2345,
        in_app: true,
      },
    ]);
  });
});

describe('error envelope', () => {
  it('names the DSN in its header and carries only type, message, frames and path', () => {
    vi.stubGlobal('location', { origin: 'https://shop.example' });
    const lines = buildEnvelope(
      'https://k@o1.ingest.sentry.io/42',
      'production',
      { type: 'TypeError', message: 'x is undefined', stack: CHROME },
      '/ar/cart',
      { lang: 'ar' },
    ).split('\n');
    expect(JSON.parse(lines[0]!).dsn).toBe('https://k@o1.ingest.sentry.io/42');
    expect(JSON.parse(lines[1]!)).toEqual({ type: 'event' });
    const event = JSON.parse(lines[2]!);
    expect(event.exception.values[0]).toMatchObject({ type: 'TypeError', value: 'x is undefined' });
    expect(event.exception.values[0].stacktrace.frames.at(-1)).toMatchObject({
      function: 'formatLine',
      lineno: 1,
      colno: 2345,
    });
    expect(event.extra).toBeUndefined();
    expect(event.request.url).toBe('https://shop.example/ar/cart');
    expect(event.tags).toEqual({ lang: 'ar' });
    vi.unstubAllGlobals();
  });
});
