import { describe, expect, it } from 'vitest';
import { ApiFailure } from '#shared/api/client';
import { fail } from '#shared/api/envelope';
import { hasUserCookie, requireSignedIn, signedInCall } from './guard';

describe('profile guard', () => {
  it('reads the user cookie', () => {
    expect(hasUserCookie('lang=ar; user=%7B%22id%22%3A1%7D')).toBe(true);
    expect(hasUserCookie('lang=ar; user=')).toBe(false);
    expect(hasUserCookie(null)).toBe(false);
  });

  it('sends a signed-out visitor to sign in with a return_url, in the same language', () => {
    try {
      requireSignedIn({ request: new Request('http://shop.test/ar/profile/wallet?x=1') });
      expect.unreachable();
    } catch (response) {
      expect((response as Response).status).toBe(302);
      expect((response as Response).headers.get('location')).toBe(
        '/ar/auth/sign-in?return_url=%2Far%2Fprofile%2Fwallet%3Fx%3D1',
      );
    }
    expect(() =>
      requireSignedIn({ request: new Request('http://shop.test/profile', { headers: { cookie: 'user=%7B%7D' } }) }),
    ).not.toThrow();
  });

  it('turns a 401 of a profile loader into the sign-in redirect, and lets other failures through', async () => {
    const args = { request: new Request('http://shop.test/profile/addresses') };
    const expired = await signedInCall(args, () =>
      Promise.reject(new ApiFailure(401, fail('unauthorized', 401))),
    ).catch((e: unknown) => e);
    expect((expired as Response).headers.get('location')).toBe(
      '/auth/sign-in?return_url=%2Fprofile%2Faddresses&reason=session_ended',
    );
    const broken = await signedInCall(args, () => Promise.reject(new ApiFailure(500, fail('boom', 500)))).catch(
      (e: unknown) => e,
    );
    expect(broken).toBeInstanceOf(ApiFailure);
    expect(await signedInCall(args, () => Promise.resolve(7))).toBe(7);
  });
});
