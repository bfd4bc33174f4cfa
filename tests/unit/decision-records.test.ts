// Decision records keep one shape (Context, Decision, Alternatives considered, Consequences, and a
// Status that can point to the record that superseded it), and the decisions index (docs/decisions/README.md,
// which README.md links) lists every one of them.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const dir = new URL('../../docs/decisions/', import.meta.url);
const records = readdirSync(dir).filter((f) => /^\d{4}-.+\.md$/.test(f));
const index = readFileSync(new URL('README.md', dir), 'utf8');
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('decision records', () => {
  it('are numbered without gaps or repeats', () => {
    const numbers = records.map((f) => Number(f.slice(0, 4))).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  });

  it.each(records)('%s has the four sections and a status', (file) => {
    const text = readFileSync(new URL(file, dir), 'utf8');
    const headings = [...text.matchAll(/^## (.+)$/gm)].map((m) => m[1]!.trim());
    for (const section of ['Context', 'Decision', 'Alternatives considered', 'Consequences'])
      expect(headings).toContain(section);
    const status = /^.*Status: (proposed|accepted|superseded by \d{4}|deprecated)\b(.*)$/m.exec(text);
    expect(status, 'a Status line').not.toBeNull();
    // Every record a status names (superseded by, amends, supersedes) exists.
    for (const [, n] of `${status![1]}${status![2]}`.matchAll(/(\d{4})/g))
      expect(records.some((f) => f.startsWith(n!))).toBe(true);
  });

  it('the README links the decisions index', () => {
    expect(readme).toContain('](docs/decisions/README.md)');
  });

  it.each(records)('the decisions index links %s', (file) => {
    expect(index).toContain(`](${file})`);
  });
});
