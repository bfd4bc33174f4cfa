import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalizeSearchText } from '#shared/search/normalize';
import { isNear, nearness, relevanceOrder, searchMatch } from './search';

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
