// The chain's stamp check (decision 75): nothing is signed without a key and a certificate, with a key
// the certificate does not certify, or outside the certificate's validity. The local test stamp (its
// key in api/.dev.vars.example, its self-signed certificate in api/wrangler.toml) is the one checked.
import { readFileSync } from 'node:fs';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { describe, expect, it } from 'vitest';
import { bytesToHex } from '../../../shared/bytes';
import { readCertificate } from '../e-invoices';
import { stampCheck } from './stamp';

const setting = (file: string, pattern: RegExp) => pattern.exec(readFileSync(file, 'utf8'))?.[1] ?? '';
const key = setting('api/.dev.vars.example', /^E_INVOICE_STAMP_KEY="([^"]+)"$/m);
const certificate = setting('api/wrangler.toml', /^E_INVOICE_STAMP_CERTIFICATE = "([^"]+)"$/m);
const stamp = { E_INVOICE_STAMP_KEY: key, E_INVOICE_STAMP_CERTIFICATE: certificate };
const { notBefore, notAfter } = readCertificate(certificate);

describe('the stamp check', () => {
  it('gives the local test stamp within its certificate, and says why not outside it', () => {
    const answer = stampCheck(stamp, notBefore + 1000);
    expect(answer.ok).toBe(true);
    if (answer.ok) expect(bytesToHex(answer.stamp.privateKey)).toBe(key.replace('dev-only-', ''));
    expect(stampCheck(stamp, notAfter + 1000)).toEqual({ ok: false, refusal: 'certificate-expired' });
    expect(stampCheck(stamp, notBefore - 1000)).toEqual({ ok: false, refusal: 'certificate-not-yet-valid' });
  });

  it('refuses a key the certificate does not certify, and a missing or unreadable stamp', () => {
    const other = bytesToHex(secp256k1.utils.randomSecretKey());
    const now = notBefore + 1000;
    expect(stampCheck({ ...stamp, E_INVOICE_STAMP_KEY: other }, now)).toEqual({
      ok: false,
      refusal: 'key-does-not-match-certificate',
    });
    for (const change of [
      { E_INVOICE_STAMP_KEY: undefined },
      { E_INVOICE_STAMP_CERTIFICATE: undefined },
      { E_INVOICE_STAMP_CERTIFICATE: '' },
      { E_INVOICE_STAMP_CERTIFICATE: 'not a certificate' },
      { E_INVOICE_STAMP_KEY: 'abcd' },
    ])
      expect(stampCheck({ ...stamp, ...change }, now), JSON.stringify(change)).toEqual({
        ok: false,
        refusal: 'no-stamp',
      });
  });
});
