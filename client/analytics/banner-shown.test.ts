import { describe, expect, it } from 'vitest';
import { consentBannerShown } from './banner-shown';

describe('the consent banner', () => {
  const asked = { required: true, choice: null, reopened: false } as const;

  it('shows until she chooses where consent is asked, and when she reopens it', () => {
    expect(consentBannerShown({ ...asked, pathname: '/products' })).toBe(true);
    expect(consentBannerShown({ ...asked, pathname: '/ar/profile/consultations/7' })).toBe(true);
    expect(consentBannerShown({ ...asked, choice: 'denied', pathname: '/products' })).toBe(false);
    expect(consentBannerShown({ ...asked, choice: 'granted', reopened: true, pathname: '/' })).toBe(true);
    expect(consentBannerShown({ ...asked, required: false, pathname: '/' })).toBe(false);
  });

  it('does not cover a call’s controls or the device check: not shown of itself on a media page, in either language (issue 61, finding 8)', () => {
    for (const pathname of ['/profile/consultations/7/call', '/ar/profile/consultations/7/call', '/consultation-check'])
      expect(consentBannerShown({ ...asked, pathname }), pathname).toBe(false);
    // "Cookie settings" still opens it there.
    expect(consentBannerShown({ ...asked, reopened: true, pathname: '/profile/consultations/7/call' })).toBe(true);
  });
});
