// Accounts API: spec §5 validation with its message keys, sessions, and the sign-in limit.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { PBKDF2_ITERATIONS, WORKERS_MAX_ITERATIONS } from '../../../api/src/accounts/password';
import { call, deviceToken, json } from './helpers';

let token: string;
beforeAll(async () => {
  token = await deviceToken();
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) => call(path, { body: JSON.stringify(body), token, headers });
const bearer = (t: string) => ({ authorization: `Bearer ${t}` });

describe('register', () => {
  it('creates an account and returns a session token with the user', async () => {
    const res = await post('/user/register', { name: 'Sara', email: 'sara@example.com', password: 'secret1', confirmPassword: 'secret1' });
    expect(res.status).toBe(200);
    const { data } = await json(res);
    expect(data.access_token).toMatch(/^[0-9a-f]{64}$/);
    expect(data.user).toEqual({ id: expect.any(Number), name: 'Sara', email: 'sara@example.com', phone: null });
    const row = await env.DB.prepare('SELECT password_hash FROM users WHERE email = ?').bind('sara@example.com').first<{ password_hash: string }>();
    expect(row!.password_hash).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    const session = await env.DB.prepare('SELECT token_hash FROM sessions').first<{ token_hash: string }>();
    expect(session!.token_hash).not.toBe(data.access_token);
  });

  it('applies the spec §5 rules with their message keys', async () => {
    const cases: Array<[unknown, string, string]> = [
      [{ email: 'a@b.co', password: 'secret1' }, 'name', 'mandatory-field'],
      [{ name: 'A', password: 'secret1' }, 'email', 'mandatory-field'],
      [{ name: 'A', email: 'not-an-email', password: 'secret1' }, 'email', 'item_validation_error'],
      [{ name: 'A', email: 'a@b.co' }, 'password', 'mandatory-field'],
      [{ name: 'A', email: 'a@b.co', password: '12345' }, 'password', 'min_chars_validation_error'],
      [{ name: 'A', email: 'a@b.co', password: 'secret1', confirmPassword: 'secret2' }, 'confirmPassword', 'pass_match_validation_error'],
    ];
    for (const [body, field, message] of cases) {
      const res = await post('/user/register', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const fields = (await json(res)).data.fields as Array<{ field: string; message: string }>;
      expect(fields, JSON.stringify(body)).toContainEqual(expect.objectContaining({ field, message }));
    }
  });

  it('refuses a second account with the same email, in any letter case', async () => {
    await post('/user/register', { name: 'Ali', email: 'ali@example.com', password: 'secret1' });
    const res = await post('/user/register', { name: 'Ali 2', email: 'ALI@example.com', password: 'secret1' });
    expect(res.status).toBe(409);
    expect((await json(res)).meta.msg).toBe('email_taken');
  });
});

describe('login, me, logout', () => {
  it('signs in, reads the user and signs out (the token stops working)', async () => {
    await post('/user/register', { name: 'Noor', email: 'noor@example.com', password: 'secret1' });
    const res = await post('/user/login', { email: 'Noor@Example.com', password: 'secret1' });
    expect(res.status).toBe(200);
    const { access_token, user } = (await json(res)).data;
    expect(user.name).toBe('Noor');
    const me = await call('/user/me', { token, headers: bearer(access_token) });
    expect((await json(me)).data.user.email).toBe('noor@example.com');
    await call('/user/logout', { body: '{}', token, headers: bearer(access_token) });
    const after = await call('/user/me', { token, headers: bearer(access_token) });
    expect(after.status).toBe(401);
    expect((await json(after)).meta.msg).toBe('unauthorized');
  });

  it('answers 400 invalid_credentials for a wrong password or an unknown account, and 401 to me without a token', async () => {
    await post('/user/register', { name: 'Huda', email: 'huda@example.com', password: 'secret1' });
    for (const body of [{ email: 'huda@example.com', password: 'wrong-one' }, { email: 'nobody@example.com', password: 'secret1' }]) {
      const res = await post('/user/login', body);
      expect(res.status).toBe(400);
      expect((await json(res)).meta.msg).toBe('invalid_credentials');
    }
    expect((await call('/user/me', { token })).status).toBe(401);
    expect((await call('/user/me', { token, headers: bearer('f'.repeat(64)) })).status).toBe(401);
  });

  it('validates sign-in input with the spec keys', async () => {
    const res = await post('/user/login', { email: 'x', password: '' });
    const fields = (await json(res)).data.fields.map((f: { field: string; message: string }) => `${f.field}:${f.message}`);
    expect(fields).toEqual(expect.arrayContaining(['email:item_validation_error', 'password:mandatory-field']));
  });
});

describe('sign-in limit', () => {
  it('answers 429 after 10 failed sign-ins for one account, even with the right password', async () => {
    await post('/user/register', { name: 'Khalid', email: 'khalid@example.com', password: 'secret1' });
    for (let i = 0; i < 10; i++) {
      expect((await post('/user/login', { email: 'khalid@example.com', password: `bad-${i}` }, { 'x-client-ip': `10.0.0.${i}` })).status).toBe(400);
    }
    const locked = await post('/user/login', { email: 'khalid@example.com', password: 'secret1' }, { 'x-client-ip': '10.0.1.1' });
    expect(locked.status).toBe(429);
    expect((await json(locked)).meta.msg).toBe('too_many_attempts');
  });

  it('answers 429 after 10 failed sign-ins from one address across accounts', async () => {
    for (let i = 0; i < 10; i++) await post('/user/login', { email: `user${i}@example.com`, password: 'nope-nope' }, { 'x-client-ip': '192.0.2.7' });
    const res = await post('/user/login', { email: 'someone@example.com', password: 'whatever1' }, { 'x-client-ip': '192.0.2.7' });
    expect(res.status).toBe(429);
    const other = await post('/user/login', { email: 'someone@example.com', password: 'whatever1' }, { 'x-client-ip': '192.0.2.8' });
    expect(other.status).toBe(400);
  });
});

describe('password hashing', () => {
  it('never uses more PBKDF2 iterations than Workers allow', () => {
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(WORKERS_MAX_ITERATIONS);
    expect(WORKERS_MAX_ITERATIONS).toBe(100_000);
  });
});
