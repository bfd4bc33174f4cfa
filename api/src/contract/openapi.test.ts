import { describe, expect, it } from 'vitest';
import { openApiPath } from './openapi';

// The description itself is checked where the app's routes are (tests/integration/api/contract.test.ts):
// it is generated from the contracts they carry, so there is no checked-in copy to compare.
describe('openApiPath', () => {
  it("turns Hono's parameters into OpenAPI's, keeping each pattern, braces included", () => {
    expect(openApiPath('/user/wallet/:id{pay[0-9]{0,4}_[0-9a-f]{24}}')).toEqual({
      path: '/user/wallet/{id}',
      patterns: { id: 'pay[0-9]{0,4}_[0-9a-f]{24}' },
    });
    expect(openApiPath('/info/instructions/:a/:b')).toEqual({ path: '/info/instructions/{a}/{b}', patterns: {} });
    expect(openApiPath('/user/address/:id{[0-9]+}/default')).toEqual({
      path: '/user/address/{id}/default',
      patterns: { id: '[0-9]+' },
    });
  });
});
