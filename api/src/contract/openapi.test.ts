import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openApiJson, openApiPath } from './openapi';

describe('docs/openapi.json', () => {
  it('is the description the route contract generates (run `npm run openapi` after changing a schema or route)', () => {
    expect(readFileSync(new URL('../../../docs/openapi.json', import.meta.url), 'utf8')).toBe(openApiJson());
  });
});

describe('openApiPath', () => {
  it("turns Hono's parameters into OpenAPI's, keeping each pattern, braces included", () => {
    expect(openApiPath('/user/wallet/:id{pay_[0-9a-f]{24}}')).toEqual({ path: '/user/wallet/{id}', patterns: { id: 'pay_[0-9a-f]{24}' } });
    expect(openApiPath('/info/instructions/:a/:b')).toEqual({ path: '/info/instructions/{a}/{b}', patterns: {} });
    expect(openApiPath('/user/address/:id{[0-9]+}/default')).toEqual({ path: '/user/address/{id}/default', patterns: { id: '[0-9]+' } });
  });
});
