// The payload every browser gets: a Declarative Web Push message (WebKit shows it itself; our service
// worker reads the same `notification`), and which endpoints are Apple's declarative ones.
import { describe, expect, it } from 'vitest';
import { isAllowedPushEndpoint, isDeclarativeEndpoint, isKnownPushService, pushPayload } from './send';

describe('push payload', () => {
  it('is the declarative shape with the link, language and direction', () => {
    expect(
      pushPayload({ title: 'نتائجك جاهزة', body: 'سجّل الدخول', url: 'https://shop.test/ar/x', lang: 'ar', tag: 'r-1' }),
    ).toEqual({
      web_push: 8030,
      notification: {
        title: 'نتائجك جاهزة',
        body: 'سجّل الدخول',
        navigate: 'https://shop.test/ar/x',
        lang: 'ar',
        dir: 'rtl',
        tag: 'r-1',
      },
    });
    expect(pushPayload({ title: 'T', body: 'B', url: 'https://shop.test/', lang: 'en' }).notification).toEqual({
      title: 'T',
      body: 'B',
      navigate: 'https://shop.test/',
      lang: 'en',
      dir: 'ltr',
    });
  });

  it('allows only public https hosts on the default port, and in production only real push services', () => {
    for (const endpoint of ['https://push.example.test/x', 'https://fcm.googleapis.com/fcm/send/x'])
      expect(isAllowedPushEndpoint(endpoint, false), endpoint).toBe(true);
    expect(isAllowedPushEndpoint('https://push.example.test/x', true)).toBe(false);
    expect(isAllowedPushEndpoint('https://fcm.googleapis.com/fcm/send/x', true)).toBe(true);
    for (const endpoint of [
      'http://push.example.test/x',
      'https://127.0.0.1/x',
      'https://192.168.1.1/x',
      'https://[fd00::1]/x',
      'https://localhost/x',
      'https://api.localhost/x',
      'https://printer.local/x',
      'https://metadata.google.internal/x',
      'https://intranet/x',
      'https://user:pw@push.example.test/x',
      'https://push.example.test:444/x',
      'not a url',
    ])
      expect(isAllowedPushEndpoint(endpoint, false), endpoint).toBe(false);
  });

  it('knows Apple’s declarative endpoints and the real push services', () => {
    expect(isDeclarativeEndpoint('https://web.push.apple.com/QGuQ')).toBe(true);
    expect(isDeclarativeEndpoint('https://fcm.googleapis.com/fcm/send/x')).toBe(false);
    expect(isKnownPushService('https://fcm.googleapis.com/fcm/send/x')).toBe(true);
    expect(isKnownPushService('https://updates.push.services.mozilla.com/wpush/v2/x')).toBe(true);
    expect(isKnownPushService('https://wns2-par02p.notify.windows.com/w/?token=x')).toBe(true);
    expect(isKnownPushService('https://push.example.test/x')).toBe(false);
    expect(isKnownPushService('https://fcm.googleapis.com.evil.test/x')).toBe(false);
  });
});
