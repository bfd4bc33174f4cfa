import { describe, expect, it } from 'vitest';
import { normalizeSearchText } from './normalize';
import {
  arabicPhoneticVariants,
  arabicStems,
  bestSplit,
  englishSingular,
  expandQuery,
  matchExpression,
  meaningfulTokens,
  phoneticKey,
  queryKey,
  splitCandidates,
  splitGroups,
  splitTerms,
  splitVitaminWord,
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

describe('words typed without their space', () => {
  it('splits a vitamin word from its letter in both scripts, as if typed apart', () => {
    for (const [glued, apart] of [
      ['vitamind3', 'vitamin d3'],
      ['VitaminC', 'vitamin c'],
      ['vitaminb12', 'vitamin b12'],
      ['vitamina', 'vitamin a'],
      ['vitc', 'vit c'],
      ['فيتامينسي', 'فيتامين سي'],
      ['فيتامينc', 'فيتامين c'],
      ['فيتامينd3', 'فيتامين d3'],
      ['فيتامينب12', 'فيتامين ب12'],
      ['فيتامين د٣', 'فيتامين د3'],
      ['فيتاميند٣', 'فيتامين د3'],
    ] as const) {
      expect(meaningfulTokens(glued), glued).toEqual(meaningfulTokens(apart));
      expect(expandQuery(glued), glued).toEqual(expandQuery(apart));
    }
  });

  it('leaves vitamin words and words on their way to one alone', () => {
    for (const word of ['vitamin', 'vitamine', 'vitamins', 'vita', 'vitamindrink', 'فيتامينات', 'فيتامين'])
      expect(splitVitaminWord(normalizeSearchText(word)), word).toBeNull();
    expect(meaningfulTokens('vita')).toEqual(['vita']);
  });

  it('reads a number glued to its word or its unit both ways, in both scripts', () => {
    expect(texts(expandQuery('اوميغا3')[0]!)).toEqual(expect.arrayContaining(['اوميغا3', 'اوميغا 3', 'اوميجا 3']));
    expect(expandQuery('1000iu')).toEqual([
      [
        { text: '1000iu', prefix: true },
        { text: '1000 iu', prefix: true },
      ],
    ]);
    expect(texts(expandQuery('٥٠٠ملغ')[0]!)).toEqual(['500ملغ', '500 ملغ']);
  });

  it('lists the splits of a glued word into two words of two letters or more, as indexed', () => {
    expect(splitCandidates('fishoil')).toEqual([
      ['fi', 'shoil'],
      ['fis', 'hoil'],
      ['fish', 'oil'],
      ['fisho', 'il'],
    ]);
    // The second word's article goes, as normalisation drops it from the index's words.
    expect(splitCandidates(normalizeSearchText('زيتالسمك'))).toContainEqual(['زيت', 'سمك']);
    expect(splitTerms('fishoil')).toEqual(['fi', 'shoil', 'fis', 'hoil', 'fish', 'oil', 'fisho', 'il']);
    // Short words, digits and mixed scripts are not split against the vocabulary.
    for (const word of ['zinc', 'omega3', 'b12', 'fishزيت']) expect(splitCandidates(word), word).toEqual([]);
  });

  it('chooses the split whose two words are both in the index, the rarer as common as can be', () => {
    const docs = new Map([
      ['fish', 12],
      ['oil', 30],
      ['fi', 1],
      ['shoil', 0],
    ]);
    expect(bestSplit('fishoil', docs)).toEqual(['fish', 'oil']);
    expect(bestSplit('fishoil', new Map([['fish', 3]]))).toBeNull();
    expect(
      bestSplit(
        normalizeSearchText('زيتسمك'),
        new Map([
          ['زيت', 5],
          ['سمك', 4],
          ['زي', 9],
        ]),
      ),
    ).toEqual(['زيت', 'سمك']);
    expect(
      bestSplit(
        'magnesiumglycinate',
        new Map([
          ['magnesium', 40],
          ['glycinate', 6],
          ['magnesiumg', 0],
        ]),
      ),
    ).toEqual(['magnesium', 'glycinate']);
  });

  it('turns a split into the groups of the two words typed apart', () => {
    expect(splitGroups(['fish', 'oil'])).toEqual(expandQuery('fish oil'));
    expect(splitGroups(['زيت', 'سمك'])).toEqual(expandQuery('زيت سمك'));
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
