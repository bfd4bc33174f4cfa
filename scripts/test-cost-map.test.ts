// The per-file cost map the tests doc carries (decision 74), from small reports of the real shape.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { costMap } from './test-cost-map.mjs';

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/test-cost-map/${name}.json`, import.meta.url), 'utf8'));

describe('the cost map', () => {
  it("sorts each level's files by their share of its CPU, most expensive first", () => {
    const vitest: [number, number][] = [
      [2000, 2],
      [5000, 1],
      [12000, 3],
      [21000, 1],
    ];
    const levels = { series: { vitest, e2e: [] } };
    const map = costMap({ vitest: fixture('vitest'), levels, root: '/w', top: 1 });
    expect(map).toContain('### unit (with tests/database): the 1 most expensive files');
    const unit = map.split('### ')[1]!;
    // Only the top one is listed; the totals cover both files.
    expect(unit).toContain('| `tests/database/backup-and-restore.test.ts` | 2.0 | 10.0 | 1 |');
    expect(unit).not.toContain('shared/money.test.ts');
    expect(unit).toContain('2 files, 3.0 CPU-seconds, 12.0 file-seconds in all.');
    expect(map).toContain('| `tests/integration/api/orders.test.ts` | 3.0 | 4.0 | 2 |');
  });

  it('sorts by wall seconds when the run sampled no CPU, and maps stories and spec files', () => {
    const map = costMap({ e2e: fixture('e2e') });
    const [stories, files] = map.split('### ').slice(1);
    expect(stories).toContain('e2e stories: the 20 most expensive stories');
    expect(stories).toContain('| file | wall s | tests |');
    expect(stories!.indexOf('a.spec.ts › her order › buys')).toBeLessThan(stories!.indexOf('b.spec.ts › signs in'));
    expect(files).toContain('| `a.spec.ts` | 4.0 | 1 |');
    expect(files).toContain('| `b.spec.ts` | 3.0 | 1 |');
  });
});
