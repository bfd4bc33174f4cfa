import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalizeSearchText } from '#shared/search/normalize';
import { firstLetters, isNear, nearness, relevanceOrder, searchMatch } from './search';

describe('near spellings from the index vocabulary', () => {
  it('accepts one typo in a Latin word of four letters or more', () => {
    expect(isNear('magnesuim', 'magnesium')).toBe(true);
    expect(isNear('omgea', 'omega')).toBe(true);
    expect(isNear('zinx', 'iron')).toBe(false);
  });

  it('accepts Arabic words that sound the same, and one typo as in Latin', () => {
    expect(isNear('ماغنيسيوم', 'مغنيسيوم')).toBe(true); // long vowel added
    expect(isNear('مغنسيوم', 'مغنيسيوم')).toBe(true); // long vowel dropped
    expect(isNear('مغنيزيوم', 'مغنيسيوم')).toBe(true); // ز for س: one typo
    expect(isNear('جنكو', 'جنكه')).toBe(true); // final و/ه
    expect(isNear('بروتين', 'بيوتين')).toBe(true); // one letter: a typo away, as in Latin
    expect(isNear('زنك', 'زيت')).toBe(false);
    expect(isNear('كركم', 'كرياتين')).toBe(false);
  });
});

describe('nearness', () => {
  it('prefers a same-sounding term over a one-typo one', () => {
    expect(nearness('بيوتن', 'بيوتين')).toBe(0);
    expect(nearness('بيوتن', 'بروتين')).toBeNull();
    expect(nearness('مغنيزيوم', 'مغنيسيوم')).toBe(1);
    expect(nearness('كولاجن', 'كولاجين')).toBe(0);
  });

  it('compares loanwords that keep an ال with and without it', () => {
    expect(nearness('كترولايت', 'الكتروليت')).toBe(0);
    expect(nearness('كترولايت', 'كتروليت')).toBe(0);
  });
});

describe('a confused first letter', () => {
  it('looks up terms beginning with the letters a shopper puts for one another, in both scripts', () => {
    expect(firstLetters('bitamin')).toEqual(['b', 'p', 'v']);
    expect(firstLetters('fitamin')).toEqual(['f', 'v']);
    expect(firstLetters('vitamin')).toEqual(['v', 'f', 'b']);
    expect(firstLetters('protein')).toEqual(['p', 'b']);
    expect(firstLetters('ilderberry')).toEqual(['i', 'e']);
    expect(firstLetters('umega')).toEqual(['u', 'o']);
    expect(firstLetters('kollagen')).toEqual(['k', 'c', 'q']);
    expect(firstLetters('celenium')).toEqual(['c', 'k', 'q', 's']);
    expect(firstLetters('jinkgo')).toEqual(['j', 'g']);
    expect(firstLetters('zinc')).toEqual(['z']);
    expect(firstLetters('ظنك')).toEqual(['ظ', 'ذ', 'ز']);
    expect(firstLetters('صيلينيوم')).toEqual(['ص', 'س']);
    expect(firstLetters('طركيبه')).toEqual(['ط', 'ت']);
    expect(firstLetters('ضي')).toEqual(['ض', 'د']);
    expect(firstLetters('قولاجين')).toEqual(['ق', 'ج', 'غ', 'ك']);
  });

  it('counts the swap as one typo, and with one typo more only in a long word', () => {
    expect(nearness('bitamin', 'vitamin')).toBe(1);
    expect(nearness('brotein', 'protein')).toBe(1);
    expect(nearness('fitamen', 'vitamin')).toBe(2); // f for v, then e for i
    expect(nearness('kurkumin', 'curcumin')).toBe(2);
    expect(nearness('piotn', 'biotin')).toBe(2);
    expect(nearness('bion', 'iron')).toBeNull(); // four letters: the swap must be all
    expect(nearness('gitamin', 'vitamin')).toBe(1); // any one letter is a typo, as before
    expect(nearness('zitamen', 'vitamin')).toBeNull(); // z and v are not confusable
  });

  it('reads Arabic words by their sound once the first letter is swapped', () => {
    expect(nearness('ظنك', 'زنك')).toBe(1); // three letters: the swap alone
    expect(nearness('صمك', 'سمك')).toBe(1);
    expect(nearness('صلينيوم', 'سيلينيوم')).toBe(1); // ص for س, a long vowel dropped
    expect(nearness('طركيبه', 'تركيبه')).toBe(1);
    expect(nearness('ظيت', 'زيتون')).toBeNull();
    expect(nearness('صنك', 'زنك')).toBeNull(); // ص and ز are not confusable
  });
});

describe('relevance order', () => {
  it('ranks name, then name and brand, then description, then the rest; in stock first within a tier', () => {
    const order = relevanceOrder(searchMatch('vitamin c')!);
    expect(order).toMatch(
      /^CASE WHEN p\.id IN .*MATCH '\{name\} : .*THEN 0 WHEN r\.in_name < 0 AND .*\{name brand\}.*THEN 1 WHEN r\.in_desc < 0 THEN 2 ELSE 3 END ASC, p\.in_stock DESC, r\.rank ASC/,
    );
  });

  it('needs no second FTS query for a one-word search', () => {
    expect(relevanceOrder(searchMatch('magnesium')!)).not.toContain('MATCH');
  });

  it('keeps quotes out of the SQL literal', () => {
    expect(relevanceOrder(searchMatch("o'mega")!)).not.toMatch(/[^']'[^' ]*'[^']*'[^']/);
  });
});

describe('synonym table seed (migration 0018)', () => {
  it('stores every phrase already normalised, as the index and the queries are', () => {
    const sql = readFileSync(new URL('../../migrations/0018_search_synonyms_and_log.sql', import.meta.url), 'utf8');
    const phrases = [...sql.matchAll(/\(\d+, '([^']+)'\)/g)].map((m) => m[1]!);
    expect(phrases.length).toBeGreaterThan(40);
    for (const phrase of phrases) expect(normalizeSearchText(phrase), phrase).toBe(phrase);
  });
});
