// track() and its gates (decision 35): skipped where the page's config is off (the server
// turns GA4 off on local hosts, worker/config.test.ts), nothing built before the runtime connects, the
// tracker only after consent where it is asked, a purchase once per order, and every track( call in client/ made through the builders.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { consentFromCookies, isLocalHost, mayUseTracker, type PublicAnalytics } from '#shared/analytics/consent';
import { currencyInfoFor, payableMinor } from '#shared/money';
import { builders } from './builders';
import { firstTime } from './once';
import { analyticsOn, connectAnalytics, track, type BuildEvent, type TrackContext } from './track';

const ga4: PublicAnalytics = { mode: 'ga4', consentCountries: ['KW', 'SA'] };
const outbox: PublicAnalytics = { mode: 'outbox', consentCountries: ['KW', 'SA'] };
const off: PublicAnalytics = { mode: 'off', consentCountries: ['KW', 'SA'] };

function page(analytics: PublicAnalytics, hostname: string) {
  vi.stubGlobal('window', { __BOOT__: { config: { analytics } } });
  vi.stubGlobal('location', { hostname });
}

afterEach(() => {
  connectAnalytics(null);
  vi.unstubAllGlobals();
});

const currency = currencyInfoFor('KW', 10000);
const ctx: TrackContext = { currency, payable: (fils) => payableMinor(fils, currency) };
const view: BuildEvent = (b, c) =>
  b.viewItem({ currency: c.currency.currency, item: { id: 1, name: 'Zinc 25 mg', priceMinor: c.payable(1500) } });

describe('local hosts', () => {
  it('are localhost, 127.0.0.1, ::1, *.localhost and *.local', () => {
    for (const h of ['localhost', '127.0.0.1', '::1', '[::1]', 'staff.localhost', 'my-mac.local', 'LOCALHOST'])
      expect(isLocalHost(h), h).toBe(true);
    for (const h of ['gulfvitamins.com', 'www.gulfvitamins.com', 'localhost.example.com', '10.0.0.1'])
      expect(isLocalHost(h), h).toBe(false);
  });

  it("record only what the page's config turns on (the server turns GA4 off on a local host)", () => {
    expect(analyticsOn(ga4)).toBe(true);
    expect(analyticsOn(outbox)).toBe(true);
    expect(analyticsOn(off)).toBe(false);
    expect(analyticsOn(undefined)).toBe(false);
  });
});

describe('track()', () => {
  it("builds nothing where the page's config is off (no tracker, or GA4 on a local host)", () => {
    const build = vi.fn(view);
    const sink = vi.fn((b: BuildEvent) => b(builders, ctx));
    connectAnalytics(sink);
    page(off, 'localhost');
    track(build);
    page(off, 'gulfvitamins.com');
    track(build);
    expect(build).not.toHaveBeenCalled();
  });

  it('queues events until the runtime connects, then hands each over in order', () => {
    page(ga4, 'gulfvitamins.com');
    const first = vi.fn(view);
    const second = vi.fn(view);
    track(first);
    track(second);
    expect(first).not.toHaveBeenCalled();
    const made: unknown[] = [];
    connectAnalytics((b) => made.push(b(builders, ctx)));
    expect(made).toHaveLength(2);
    expect(made[0]).toMatchObject({ name: 'view_item', params: { currency: 'KWD', value: 1.5 } });
    track(view);
    expect(made).toHaveLength(3);
  });

  it('does nothing on the server', () => {
    const build = vi.fn(view);
    track(build);
    connectAnalytics((b) => b(builders, ctx));
    expect(build).not.toHaveBeenCalled();
  });
});

describe('consent', () => {
  it('keeps events on the device until the shopper accepts, where consent is asked', () => {
    expect(mayUseTracker(ga4, 'KW', null)).toBe(false);
    expect(mayUseTracker(ga4, 'SA', 'denied')).toBe(false);
    expect(mayUseTracker(ga4, 'SA', 'granted')).toBe(true);
    expect(mayUseTracker(outbox, 'KW', 'granted')).toBe(true);
    expect(mayUseTracker(off, 'KW', 'granted')).toBe(false);
    // A country that asks no consent (configured so) sends from the start.
    expect(mayUseTracker({ mode: 'ga4', consentCountries: ['SA'] }, 'KW', null)).toBe(true);
  });

  it('reads the choice from the first-party cookie', () => {
    expect(consentFromCookies('lang=ar; analytics_consent=granted; country=KW')).toBe('granted');
    expect(consentFromCookies('analytics_consent=denied')).toBe('denied');
    expect(consentFromCookies('analytics_consent=maybe; x=1')).toBeNull();
    expect(consentFromCookies('not_analytics_consent=granted')).toBeNull();
  });
});

describe('once per order', () => {
  function memoryStorage() {
    const data = new Map<string, string>();
    return {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      data,
    };
  }

  it('says yes the first time an order is seen on this device, never again (reloads, other tabs)', () => {
    const storage = memoryStorage();
    expect(firstTime('purchase:501', storage)).toBe(true);
    expect(firstTime('purchase:501', storage)).toBe(false);
    // Another page load (a fresh module would have an empty memory): storage still knows.
    expect(firstTime('purchase:502', storage)).toBe(true);
    const reloaded = memoryStorage();
    reloaded.setItem('analytics_sent', storage.getItem('analytics_sent')!);
    expect(firstTime('purchase:999', reloaded)).toBe(true);
    expect(JSON.parse(reloaded.getItem('analytics_sent')!)).toEqual(['purchase:501', 'purchase:502', 'purchase:999']);
  });

  it('keeps the newest 50 and survives unreadable storage', () => {
    const storage = memoryStorage();
    for (let i = 0; i < 60; i++) firstTime(`blood_test_purchase:${i}`, storage);
    expect(JSON.parse(storage.getItem('analytics_sent')!)).toHaveLength(50);
    storage.setItem('analytics_sent', '{not json');
    expect(firstTime('purchase:7000', storage)).toBe(true);
    expect(firstTime('purchase:7001', null)).toBe(true);
    expect(firstTime('purchase:7001', null)).toBe(false);
  });
});

// The source check: every track( call in client/ passes a function that calls one of the builders (so
// every event passes the allow-list), and nothing else in client/ writes the data layer or beacons.
const SOURCES = Object.entries(
  import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
).map(
  ([path, text]) =>
    [
      path.startsWith('./') ? `client/analytics/${path.slice(2)}` : path.replace(/^\.\.\//, 'client/'),
      // Without comments: a comment naming track() is no call.
      text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, ''),
    ] as const,
);

describe('call sites', () => {
  const BUILDERS = Object.keys(builders).filter((k) => !['cardItem', 'cartItem', 'listingList'].includes(k));

  it('every track( call makes its event with a builder', () => {
    const calls: string[] = [];
    for (const [file, text] of SOURCES) {
      if (file === 'client/analytics/track.ts') continue;
      for (const m of text.matchAll(/\btrack\(([\s\S]{0,120})/g)) {
        calls.push(file);
        const arg = m[1]!;
        expect(arg, `${file}: track(${arg.slice(0, 60)}…`).toMatch(
          /^\s*\(b(, ctx)?\)\s*=>\s*(\{[\s\S]*?)?\s*b\.(\w+)\(/,
        );
        const builder = /b\.(\w+)\(/.exec(arg)![1]!;
        expect(BUILDERS, `${file} calls b.${builder}`).toContain(builder);
      }
    }
    // The shop's call sites are all found: cart add/remove, listing, product, search, checkout, payment,
    // purchase, blood-test booking and its success, the quiz's start and finish, a suggestion's card picked.
    expect(new Set(calls)).toEqual(
      new Set([
        'client/analytics/picked.tsx',
        'client/analytics/SuggestionClicks.tsx',
        'client/cart/cart-store.ts',
        'client/catalogue/ListingView.tsx',
        'client/pages/product.tsx',
        'client/pages/search.tsx',
        'client/pages/cart.tsx',
        'client/pages/checkout/order.tsx',
        'client/pages/checkout/success.tsx',
        'client/blood-tests/BloodTestCartSection.tsx',
        'client/pages/blood-test-checkout/success.tsx',
        'client/pages/quiz.tsx',
        'client/quiz/ResultView.tsx',
      ]),
    );
  });

  it('only the runtime writes the data layer and only the tracker sends to /collect', () => {
    for (const [file, text] of SOURCES) {
      if (/dataLayer\s*\.push|dataLayer\s*\?\?=/.test(text)) expect(file).toBe('client/analytics/runtime.tsx');
      if (/COLLECT_PATH|['"`]\/collect['"`]/.test(text)) expect(file).toBe('client/analytics/tracker.ts');
    }
  });
});
