import { describe, expect, it } from 'vitest';
import { safeBack } from './safe-back';

describe('safeBack', () => {
  it('keeps paths of this app', () => {
    expect(safeBack('/orders/123?tab=items')).toBe('/orders/123?tab=items');
    expect(safeBack('/')).toBe('/');
  });
  it('refuses other origins and odd paths', () => {
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example', 'orders', '', '/a b'])
      expect(safeBack(bad), bad).toBe('/');
  });
});
