// The consultations' health sealing (api/src/consultations/seal.ts): one data key per consultation,
// wrapped by HEALTH_KEK; texts bound to their consultation; nothing readable in D1; the rotation; and
// the uploads' keyring (lib/keyring.ts, shared) still opening what it sealed.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiConfig } from '#api/src/lib/config';
import { keyringFrom } from '#api/src/lib/keyring';
import {
  ensureKey,
  healthKeyring,
  healthSealer,
  keyInsert,
  newConsultationKey,
  openText,
  openWith,
  rewrapHealthKeys,
  sealText,
  sealWith,
} from '#api/src/consultations/seal';
import { keyringOf, openFile, sealFile } from '#api/src/uploads/crypto';
import { loadConsultationFixture } from '../fixtures/consultations';

const ring = () => healthKeyring(apiConfig(env as never))!;
let userId: number;
let next = 900_000_001;

async function consultation(): Promise<number> {
  const id = next++;
  const now = Date.now();
  await env.DB.prepare(
    `INSERT INTO consultations (id, user_id, nutritionist_id, service_id, idempotency_key, body_hash, country, currency, lang,
      status, starts_at, ends_at, slot_held, payment_method, payment_state, price, vat, vat_basis_points, total, created_at, updated_at)
     VALUES (?, ?, 1, 11, ?, 'h', 'KW', 'KWD', 'en', 'booked', ?, ?, 1, 'wallet', 'paid', 8000, 0, 0, 8000, ?, ?)`,
  )
    .bind(id, userId, `key-${id}`, now + 86_400_000, now + 86_400_000 + 1_200_000, now, now)
    .run();
  return id;
}

beforeAll(async () => {
  await loadConsultationFixture(env.DB);
  userId = (await env.DB.prepare(
    "INSERT INTO users (name, email, password_hash, lang, created_at) VALUES ('Seal', 'seal@example.com', '', 'en', 0) RETURNING id",
  ).first<{ id: number }>())!.id;
});

describe('seal.ts', () => {
  it('needs HEALTH_KEK (the test configuration has one) and a salt of its own', () => {
    expect(ring().current).toBe(1);
    expect(healthKeyring({ HEALTH_KEK: undefined, HEALTH_KEK_VERSION: 1, HEALTH_KEK_RETIRED: undefined })).toBeNull();
  });

  it('seals a text under the consultation\u2019s own key; D1 holds no plaintext', async () => {
    const id = await consultation();
    const s = healthSealer(env.DB, ring());
    const box = await sealText(s, id, 'Takes warfarin; pregnant');
    expect(box.sealed).not.toContain('warfarin');
    expect(atob(box.sealed)).not.toContain('warfarin');
    expect(box.iv).toMatch(/^[A-Za-z0-9+/]{16}$/);
    expect(await openText(s, id, box.sealed)).toBe('Takes warfarin; pregnant');
    // A second text reuses the key with a fresh nonce.
    const again = await sealText({ db: env.DB, ring: ring() }, id, 'Takes warfarin; pregnant');
    expect(again.sealed).not.toBe(box.sealed);
    const keys = await env.DB.prepare('SELECT * FROM consultation_keys WHERE consultation_id = ?').bind(id).all();
    expect(keys.results).toHaveLength(1);
    expect(keys.results[0]).toMatchObject({ key_version: 1 });
  });

  it('does not open a text copied into another consultation', async () => {
    const a = await consultation();
    const b = await consultation();
    const s = healthSealer(env.DB, ring());
    const box = await sealText(s, a, 'notes of a');
    await ensureKey(s, b);
    await expect(openText(s, b, box.sealed)).rejects.toThrow();
  });

  it('seals before the consultation is stored: the key goes in the same batch', async () => {
    const id = next++;
    const k = await newConsultationKey(ring(), id);
    const box = await sealWith(k, 'intake');
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO consultations (id, user_id, nutritionist_id, service_id, idempotency_key, body_hash, country, currency, lang,
          status, starts_at, ends_at, slot_held, payment_method, payment_state, price, vat, vat_basis_points, total, created_at, updated_at)
         VALUES (?, ?, 1, 11, ?, 'h', 'KW', 'KWD', 'en', 'booked', ?, ?, 1, 'wallet', 'paid', 8000, 0, 0, 8000, ?, ?)`,
      ).bind(id, userId, `key-${id}`, now, now + 1, now, now),
      keyInsert(env.DB, k),
    ]);
    expect(await openText({ db: env.DB, ring: ring() }, id, box.sealed)).toBe('intake');
    expect(await openWith(k, box.sealed)).toBe('intake');
  });

  it('answers null once the key is erased', async () => {
    const id = await consultation();
    const box = await sealText({ db: env.DB, ring: ring() }, id, 'gone');
    await env.DB.prepare('DELETE FROM consultation_keys WHERE consultation_id = ?').bind(id).run();
    expect(await openText({ db: env.DB, ring: ring() }, id, box.sealed)).toBeNull();
    expect(await openText({ db: env.DB, ring: ring() }, id, null)).toBeNull();
  });

  it('rewraps keys after a rotation; old texts still open with the new version only', async () => {
    const id = await consultation();
    const old = ring();
    const box = await sealText({ db: env.DB, ring: old }, id, 'before the rotation');
    const secret = 'a-new-health-kek-after-rotation-0123456789';
    const rotated = keyringFrom(secret, 2, `1:${old.secrets.get(1)}`, old.salt)!;
    expect(await rewrapHealthKeys(env.DB, rotated)).toBeGreaterThanOrEqual(1);
    const row = await env.DB.prepare('SELECT key_version FROM consultation_keys WHERE consultation_id = ?')
      .bind(id)
      .first<{ key_version: number }>();
    expect(row!.key_version).toBe(2);
    const onlyNew = keyringFrom(secret, 2, undefined, old.salt)!;
    expect(await openText({ db: env.DB, ring: onlyNew }, id, box.sealed)).toBe('before the rotation');
    expect(await rewrapHealthKeys(env.DB, onlyNew)).toBe(0);
  });

  it('keeps the uploads\u2019 keyring: a file sealed with UPLOAD_KEK opens, not with HEALTH_KEK\u2019s salt', async () => {
    const uploads = keyringOf(apiConfig(env as never))!;
    const file = await sealFile(uploads, new TextEncoder().encode('PDF'), 'f1');
    const row = { wrapped_key: file.wrappedKey, iv: file.iv, key_version: file.keyVersion };
    expect(new TextDecoder().decode(await openFile(uploads, row, file.ciphertext, 'f1'))).toBe('PDF');
    const sameSecretOtherSalt = keyringFrom(uploads.secrets.get(1), 1, undefined, ring().salt)!;
    await expect(openFile(sameSecretOtherSalt, row, file.ciphertext, 'f1')).rejects.toThrow();
  });
});
