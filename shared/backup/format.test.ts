import { describe, expect, it } from 'vitest';
import { insertStatements, PIECE_CHARS } from './restore-sql';

describe('backup format', () => {
  it('writes rows as few statements as fit under D1’s 100 KB, and a long cell in pieces', () => {
    const rows = Array.from({ length: 2000 }, (_, i) => [i, `name ${i} ‘فيتامين’ it's`]);
    const statements = insertStatements('products', ['id', 'name'], rows);
    expect(statements.length).toBeLessThan(20);
    for (const s of statements) expect(new TextEncoder().encode(s).length).toBeLessThan(100_000);
    expect(statements[0]).toContain("'name 0 ‘فيتامين’ it''s'");

    const long = 'ب'.repeat(PIECE_CHARS * 3 + 7);
    const split = insertStatements('mail_outbox', ['id', 'body'], [[1, long]]);
    expect(split).toHaveLength(4);
    for (const s of split) expect(new TextEncoder().encode(s).length).toBeLessThan(100_000);
    expect(split.slice(1).every((s) => s.includes('|| ') && s.endsWith('WHERE rowid = last_insert_rowid();'))).toBe(
      true,
    );
  });
});
