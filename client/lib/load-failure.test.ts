import { describe, expect, it } from 'vitest';
import { ApiFailure } from '#shared/api/client';
import { loadFailureKey } from './load-failure';

const apiFailure = (msg: string) => new ApiFailure(500, { data: null, meta: { msg, code: 500, msgType: 1 } } as never);

describe('loadFailureKey', () => {
  it("recognises a route chunk that could not be fetched, in each browser's wording", () => {
    for (const message of [
      'Failed to fetch dynamically imported module: http://localhost/assets/shipping-abc.js',
      'Importing a module script failed.',
      'error loading dynamically imported module: http://localhost/assets/shipping-abc.js',
    ]) {
      expect(loadFailureKey(new TypeError(message), false)).toBe('offline');
      expect(loadFailureKey(new TypeError(message), true)).toBe('network_unreachable');
    }
  });

  it("recognises a loader's API call that never reached the server", () => {
    expect(loadFailureKey(apiFailure('offline'), false)).toBe('offline');
    expect(loadFailureKey(apiFailure('network_unreachable'), true)).toBe('network_unreachable');
  });

  it('leaves real errors to the error page, online or not', () => {
    expect(loadFailureKey(new TypeError("Cannot read properties of undefined (reading 'id')"), false)).toBeNull();
    expect(loadFailureKey(apiFailure('server_error'), true)).toBeNull();
    expect(loadFailureKey(new Error('boom'), false)).toBeNull();
  });
});
