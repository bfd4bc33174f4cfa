// RFC 8291 Appendix A (the §5 example's inputs): with the RFC's sender key pair and salt, our
// encryption must give the published body byte for byte; and the browser's side reads it back.
import { describe, expect, it } from 'vitest';
import { b64urlDecode, b64urlEncode } from './b64';
import { decryptPayload, encryptPayload, importPrivateKey, MAX_PLAINTEXT } from './ece';

const RFC = {
  plaintext: 'When I grow up, I want to be a watermelon',
  asPublic: 'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8',
  asPrivate: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
  uaPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  uaPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
  salt: 'DGv6ra1nlYgDCS1FRnbzlw',
  auth: 'BTBZMqHH6r4Tts7J_aSIgg',
  body:
    'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_' +
    'yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
};

const receiver = async () => ({
  privateKey: await importPrivateKey(b64urlDecode(RFC.uaPrivate), b64urlDecode(RFC.uaPublic), 'ECDH'),
  publicRaw: b64urlDecode(RFC.uaPublic),
  auth: b64urlDecode(RFC.auth),
});

describe('RFC 8291 aes128gcm encryption', () => {
  it('gives the Appendix A body byte for byte from its inputs', async () => {
    const asPublic = b64urlDecode(RFC.asPublic);
    const body = await encryptPayload(
      RFC.plaintext,
      { p256dh: RFC.uaPublic, auth: RFC.auth },
      {
        salt: b64urlDecode(RFC.salt),
        sender: {
          privateKey: await importPrivateKey(b64urlDecode(RFC.asPrivate), asPublic, 'ECDH'),
          publicRaw: asPublic,
        },
      },
    );
    expect(b64urlEncode(body)).toBe(RFC.body);
    // The header: salt, record size 4096, key id length 65, the sender's public key.
    expect(new DataView(body.buffer).getUint32(16)).toBe(4096);
    expect(body[20]).toBe(65);
  });

  it('reads the Appendix A body back as the browser would', async () => {
    const plain = await decryptPayload(b64urlDecode(RFC.body), await receiver());
    expect(new TextDecoder().decode(plain)).toBe(RFC.plaintext);
  });

  it('round-trips with a fresh sender key and salt each time, which makes every body different', async () => {
    const message = JSON.stringify({ title: 'وصل طلبك', body: 'Hello 👋' });
    const keys = { p256dh: RFC.uaPublic, auth: RFC.auth };
    const a = await encryptPayload(message, keys);
    const b = await encryptPayload(message, keys);
    expect(b64urlEncode(a)).not.toBe(b64urlEncode(b));
    expect(new TextDecoder().decode(await decryptPayload(a, await receiver()))).toBe(message);
    expect(new TextDecoder().decode(await decryptPayload(b, await receiver()))).toBe(message);
  });

  it('refuses a wrong auth secret on the receiving side and a payload over one record', async () => {
    const body = await encryptPayload('x', { p256dh: RFC.uaPublic, auth: RFC.auth });
    const wrong = { ...(await receiver()), auth: new Uint8Array(16) };
    await expect(decryptPayload(body, wrong)).rejects.toThrow();
    await expect(
      encryptPayload('x'.repeat(MAX_PLAINTEXT + 1), { p256dh: RFC.uaPublic, auth: RFC.auth }),
    ).rejects.toThrow(/over/);
    expect(MAX_PLAINTEXT).toBe(3993);
  });
});
