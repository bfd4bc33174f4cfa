import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openApiDocument, openApiJson, openApiPath } from './openapi';

describe('docs/openapi.json', () => {
  it('is the description the route contract generates (run `npm run openapi` after changing a schema or route)', () => {
    // Compared as data, so a formatter that rewraps the checked-in file changes nothing.
    const checkedIn = JSON.parse(readFileSync(new URL('../../../docs/openapi.json', import.meta.url), 'utf8'));
    expect(checkedIn).toStrictEqual(JSON.parse(openApiJson()));
  });
});

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

describe('the description', () => {
  const doc = openApiDocument();
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(
      methods as Record<string, { operationId: string; parameters?: Array<{ name: string; in: string }> }>,
    ).map(([method, op]) => ({ path, method, op })),
  );

  it('declares exactly the parameters its path templates name (OpenAPI requires both ways)', () => {
    for (const { path, method, op } of operations) {
      const named = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const declared = (op.parameters ?? [])
        .filter((p) => p.in === 'path')
        .map((p) => p.name)
        .sort();
      expect(declared, `${method} ${path}`).toEqual(named);
    }
  });

  it('gives every operation its own id and a tag listed at the top', () => {
    const ids = operations.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const tags = new Set<string>(doc.tags.map((t) => t.name));
    for (const { op } of operations)
      for (const tag of (op as unknown as { tags: string[] }).tags) expect(tags.has(tag)).toBe(true);
  });
});
