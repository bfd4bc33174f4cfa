// The dev mailbox, sandbox payments and the API's /dev routes exist only in a local build: a build for
// any Cloudflare environment (production, and staging, which is on the internet too) leaves them out.
import type { ConfigEnv, UserConfig } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import viteConfig from '../../vite.config';

const saved = process.env.CLOUDFLARE_ENV;
afterEach(() => {
  if (saved === undefined) delete process.env.CLOUDFLARE_ENV;
  else process.env.CLOUDFLARE_ENV = saved;
});

function localTools(cloudflareEnv: string | undefined) {
  if (cloudflareEnv === undefined) delete process.env.CLOUDFLARE_ENV;
  else process.env.CLOUDFLARE_ENV = cloudflareEnv;
  const env: ConfigEnv = { command: 'build', mode: 'production' };
  const config = (viteConfig as (env: ConfigEnv) => UserConfig)(env);
  return config.define?.__LOCAL_TOOLS__;
}

describe('the local tools build flag', () => {
  it('keeps the local tools in a build for no environment', () => {
    expect(localTools(undefined)).toBe('true');
  });

  it.each(['production', 'staging'])('leaves them out of a build for %s', (env) => {
    expect(localTools(env)).toBe('false');
  });
});
