// The shop's countries' slice of libphonenumber-js's mobile metadata (shared/phone/mobile-metadata.ts)
// stays what scripts/phone-metadata.mjs makes of the installed, pinned library: upgrading the library
// without regenerating the slice fails here.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { MOBILE_METADATA } from '#shared/phone/mobile-metadata';
import { sliceMetadata } from '../../scripts/phone-metadata.mjs';

describe('the mobile metadata slice', () => {
  it("carries only the shop's countries (Kuwait, Saudi Arabia, the Emirates), exactly as the installed libphonenumber-js has them", () => {
    const full = createRequire(import.meta.url)('libphonenumber-js/metadata.mobile.json');
    expect(MOBILE_METADATA, 'run node scripts/phone-metadata.mjs').toEqual(sliceMetadata(full));
    expect(Object.keys(MOBILE_METADATA.countries)).toEqual(['KW', 'SA', 'AE']);
  });
});
