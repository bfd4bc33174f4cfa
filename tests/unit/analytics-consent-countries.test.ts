// Analytics consent is asked in every country the shop sells in (decision 35). The storefront's default
// is the whole registry (worker/config.test.ts); a deployed environment that named only the countries it
// had then (wrangler.toml once said "KW,SA") left a country opened later, the Emirates, tracked without
// being asked.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from '#shared/countries';

const toml = readFileSync(new URL('../../wrangler.toml', import.meta.url), 'utf8');

/** Each environment's vars table (local, production, staging) as its text. */
function environments(): Array<{ name: string; vars: string }> {
  const tables = [...toml.matchAll(/^\[(?:env\.(\w+)\.)?vars\]$([\s\S]*?)(?=^\[)/gm)];
  return tables.map((m) => ({ name: m[1] ?? 'local', vars: m[2]! }));
}

describe('analytics consent', () => {
  it('is asked in every country the shop sells in, in each environment wrangler.toml sets', () => {
    const envs = environments();
    expect(envs.map((e) => e.name)).toEqual(['local', 'production', 'staging']);
    for (const { name, vars } of envs) {
      const set = /^ANALYTICS_CONSENT_COUNTRIES = "([^"]*)"$/m.exec(vars)?.[1];
      // Not set: the default, every country. Set: it must still name every country the shop sells in.
      if (set === undefined) continue;
      const named = set.split(',').map((c) => c.trim().toUpperCase());
      for (const country of COUNTRY_CODES) expect(named, `${name} leaves out ${country}`).toContain(country);
    }
  });
});
