import { describe, expect, it } from 'vitest';
import { normalizeSearchText } from './normalize';
import {
  arabicPhoneticVariants,
  arabicStems,
  englishSingular,
  expandQuery,
  matchExpression,
  meaningfulTokens,
  phoneticKey,
  queryKey,
  vitaminAlternatives,
  type QueryGroup,
} from './query';

const texts = (g: QueryGroup) => g.map((t) => t.text);
const SYNONYMS = [
  ['fish oil', 'omega 3', 'زيت سمك'],
  ['whey', 'مصل لبن', 'واي'],
  ['black seed', 'حبه سوداء', 'حبه بركه'],
  ['kids', 'children', 'اطفال'],
];

describe('stop words', () => {
  it('drops connecting words in both languages', () => {
    expect(meaningfulTokens('multivitamin for kids')).toEqual(['multivitamin', 'kids']);
    expect(meaningfulTokens('vitamins with zinc and the iron')).toEqual(['vitamins', 'zinc', 'iron']);
    expect(meaningfulTokens('كالسيوم مع فيتامين د')).toEqual(['كالسيوم', 'فيتامين', 'د']);
    expect(meaningfulTokens('زنك و حديد')).toEqual(['زنك', 'حديد']);
  });

  it('keeps a vitamin letter that is also a stop word, and never empties a query', () => {
    expect(meaningfulTokens('vitamin a')).toEqual(['vitamin', 'a']);
    expect(meaningfulTokens('فيتامين ب')).toEqual(['فيتامين', 'ب']);
    expect(meaningfulTokens('for')).toEqual(['for']);
  });

  it('joins a vitamin letter with the number written apart', () => {
    expect(meaningfulTokens('vitamin b 12')).toEqual(['vitamin', 'b12']);
    expect(meaningfulTokens('فيتامين د ٣')).toEqual(['فيتامين', 'د3']);
    expect(meaningfulTokens('omega 3')).toEqual(['omega', '3']);
  });
});

describe('vitamin letters', () => {
  it('map each script to the other, matched whole (not as a prefix)', () => {
    expect(vitaminAlternatives('c', true)).toEqual(['c', 'سي']);
    expect(vitaminAlternatives('سي', true)).toEqual(['c', 'سي']);
    expect(vitaminAlternatives('d3', false)).toEqual(['d3', 'د3']);
    expect(vitaminAlternatives('ب12', false)).toEqual(['ب12', 'b12']);
    expect(vitaminAlternatives('د', true)).toContain('d3');
    const [vitamin, c] = expandQuery('vit c');
    expect(texts(vitamin!)).toContain('vit');
    expect(c).toEqual([
      { text: 'c', prefix: false },
      { text: 'سي', prefix: false },
    ]);
  });

  it('reads "a" and "ب" as vitamins only after a vitamin word', () => {
    expect(vitaminAlternatives('a', false)).toBeNull();
    expect(vitaminAlternatives('a', true)).toEqual(['a', 'ا']);
    expect(vitaminAlternatives('ب', false)).toBeNull();
  });

  it('gives "vitamin c", "فيتامين سي" and "فيتامين c" the same vitamin group', () => {
    const c = (q: string) => texts(expandQuery(q)[1]!).sort();
    expect(c('vitamin c')).toEqual(c('فيتامين سي'));
    expect(c('فيتامين c')).toEqual(c('vitamin c'));
  });
});

describe('singular, plural and light Arabic stems', () => {
  it('finds the English singular', () => {
    expect(englishSingular('vitamins')).toBe('vitamin');
    expect(englishSingular('gummies')).toBe('gummy');
    expect(englishSingular('probiotics')).toBe('probiotic');
    expect(englishSingular('peaches')).toBe('peach');
    expect(englishSingular('glass')).toBeNull();
    expect(englishSingular('citrus')).toBeNull();
  });

  it('strips the feminine plural, a final ه and the conjunction و', () => {
    expect(arabicStems(normalizeSearchText('الفيتامينات'))).toContain('فيتامين');
    expect(arabicStems('كبسوله')).toContain('كبسول');
    expect(arabicStems('وزنك')).toContain('زنك');
    // Too short to lose a letter: واي (whey) stays itself.
    expect(arabicStems('واي')).toEqual([]);
    expect(arabicStems('vitamin')).toEqual([]);
  });
});

describe('Arabic sound-alike spellings', () => {
  it('swaps the letters Arabic uses for the g sound', () => {
    expect(arabicPhoneticVariants('اوميجا')).toEqual(expect.arrayContaining(['اوميغا', 'اوميقا', 'اوميكا']));
    expect(arabicPhoneticVariants('اشواقاندا')).toContain('اشواغاندا');
  });

  it('reads تش as ش and a final ه as ا', () => {
    expect(arabicPhoneticVariants('تشيا')).toContain('شيا');
    expect(arabicPhoneticVariants('جنكه')).toContain('جنكا');
    expect(arabicPhoneticVariants('omega')).toEqual([]);
  });

  it('gives words that differ only in long vowels, g letters or a final ه one key', () => {
    expect(phoneticKey('ماغنيسيوم')).toBe(phoneticKey('مغنيسيوم'));
    expect(phoneticKey('مغنسيوم')).toBe(phoneticKey('مغنيسيوم'));
    expect(phoneticKey('اوميجا')).toBe(phoneticKey('اوميغا'));
    expect(phoneticKey('جنكو')).toBe(phoneticKey('جنكه'));
    expect(phoneticKey('كولاجن')).toBe(phoneticKey('كولاجين'));
    expect(phoneticKey('زنك')).not.toBe(phoneticKey('زيت'));
  });
});

describe('synonyms', () => {
  it('replace a phrase by its whole set, longest phrase first', () => {
    const [group] = expandQuery('Fish Oils', SYNONYMS);
    expect(texts(group!)).toEqual(['fish oils', 'fish oil', 'omega 3', 'زيت سمك']);
    const [whey, protein] = expandQuery('واي بروتين', SYNONYMS);
    expect(texts(whey!)).toEqual(expect.arrayContaining(['whey', 'مصل لبن']));
    expect(texts(protein!)).toContain('بروتين');
    expect(texts(expandQuery('حبة البركة', SYNONYMS)[0]!)).toContain('حبه سوداء');
  });

  it('match a phrase whose last word is a number exactly', () => {
    const [group] = expandQuery('fish oil', SYNONYMS);
    expect(group!.find((t) => t.text === 'omega 3')!.prefix).toBe(false);
  });
});

describe('a number glued to its word', () => {
  it('is read as typed and as the word and the number, one phrase, with the word’s variants', () => {
    expect(matchExpression(expandQuery('omega3'))).toBe('("omega3"* OR "omega 3")');
    expect(texts(expandQuery('اوميقا٣')[0]!)).toEqual(expect.arrayContaining(['اوميقا3', 'اوميقا 3', 'اوميجا 3']));
    // A vitamin's letter and number stay one token, as indexed.
    expect(matchExpression(expandQuery('b12'))).toBe('("b12" OR "ب12")');
  });

  it('finds the synonyms the spaced form finds', () => {
    expect(texts(expandQuery('omega3', SYNONYMS)[0]!)).toEqual(expect.arrayContaining(['fish oil', 'omega 3']));
  });
});

describe('FTS5 expressions', () => {
  it('ANDs the groups and ORs the alternatives, with prefixes and column filters', () => {
    const groups = expandQuery('vitamin c');
    expect(matchExpression(groups)).toBe('("vitamin"*) AND ("c" OR "سي")');
    expect(matchExpression(groups, { columns: ['name', 'brand'] })).toBe(
      '{name brand} : (("vitamin"*) AND ("c" OR "سي"))',
    );
    expect(matchExpression(groups, { any: true })).toBe('("vitamin"*) OR ("c" OR "سي")');
    expect(matchExpression([])).toBeNull();
  });

  it('matches a lone letter or digit whole', () => {
    expect(expandQuery('x 3')).toEqual([[{ text: 'x', prefix: false }], [{ text: '3', prefix: false }]]);
    expect(expandQuery('wh')[0]![0]).toEqual({ text: 'wh', prefix: true });
  });

  it('keys a query for the search log by its normalised text', () => {
    expect(queryKey('  Vitamin   C! ')).toBe('vitamin c');
    expect(queryKey('فيتامين سى')).toBe('فيتامين سي');
  });
});
