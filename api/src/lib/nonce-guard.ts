// Replay protection: each signed request's nonce may be claimed once while its timestamp is valid.
// A SQLite Durable Object is strongly consistent (KV is not); nonces are sharded over 256 objects.
import { DurableObject } from 'cloudflare:workers';

const PURGE_EVERY_MS = 10 * 60 * 1000;

export class NonceGuard extends DurableObject<ApiEnv> {
  /** Whether this instance knows a purge is scheduled: asked of storage once, not on every claim. */
  #purgeScheduled = false;

  constructor(ctx: DurableObjectState, env: ApiEnv) {
    super(ctx, env);
    ctx.storage.sql.exec('CREATE TABLE IF NOT EXISTS nonces (nonce TEXT PRIMARY KEY, expires_at INTEGER NOT NULL)');
  }

  /** True the first time a nonce is seen; false on every replay. */
  async claim(nonce: string, expiresAt: number): Promise<boolean> {
    const cursor = this.ctx.storage.sql.exec(
      'INSERT OR IGNORE INTO nonces (nonce, expires_at) VALUES (?, ?)',
      nonce,
      expiresAt,
    );
    const fresh = cursor.rowsWritten > 0;
    if (fresh && !this.#purgeScheduled) {
      if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + PURGE_EVERY_MS);
      this.#purgeScheduled = true;
    }
    return fresh;
  }

  override async alarm(): Promise<void> {
    this.ctx.storage.sql.exec('DELETE FROM nonces WHERE expires_at < ?', Date.now());
    const left = this.ctx.storage.sql.exec<{ n: number }>('SELECT count(*) AS n FROM nonces').one().n;
    if (left > 0) await this.ctx.storage.setAlarm(Date.now() + PURGE_EVERY_MS);
    this.#purgeScheduled = left > 0;
  }
}

export function nonceShard(env: ApiEnv, nonce: string): DurableObjectStub<NonceGuard> {
  const ns = env.NONCES as DurableObjectNamespace<NonceGuard>;
  return ns.get(ns.idFromName(nonce.slice(0, 2).toLowerCase()));
}
