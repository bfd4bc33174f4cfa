import { describe, expect, it } from 'vitest';
import { normalizeSearchText } from './normalize';
import {
  arabicPhoneticVariants,
  arabicStems,
  bestSplit,
  englishSingular,
  expandQuery,
  gluedSynonym,
  gluedTerms,
  isGluedPhrase,
  matchExpression,
  meaningfulTokens,
  phoneticKey,
  queryKey,
  segmentGlued,
  segmentGroups,
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

  it("are found in one word typed without its spaces, a later word's article glued on (issue 73)", () => {
    const glued = normalizeSearchText('حبةالبركة');
    expect(gluedSynonym(glued, SYNONYMS)).toBe('حبه بركه');
    expect(gluedSynonym(normalizeSearchText('حبةبركة'), SYNONYMS)).toBe('حبه بركه');
    expect(gluedSynonym(normalizeSearchText('الحبةالسوداء'), SYNONYMS)).toBe('حبه سوداء');
    expect(gluedSynonym('blackseed', SYNONYMS)).toBe('black seed');
    expect(isGluedPhrase('حبهوالبركه', ['حبه', 'بركه'])).toBe(true);
    // Only the whole phrase: a word that merely starts like one, or a Latin "al", is not cut.
    expect(gluedSynonym(normalizeSearchText('حبةالبركةزيت'), SYNONYMS)).toBeNull();
    expect(isGluedPhrase('blackalseed', ['black', 'seed'])).toBe(false);
    expect(gluedSynonym(normalizeSearchText('حبة'), SYNONYMS)).toBeNull();
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

describe('a whole name typed without spaces', () => {
  // The vocabulary as the demo catalogue's index holds it (term → documents).
  const vocab = new Map<string, number>([
    ['vitamin', 120],
    ['vita', 1],
    ['d3', 39],
    ['1000', 60],
    ['iu', 30],
    ['mg', 200],
    ['mcg', 80],
    ['b12', 9],
    ['b1', 2],
    ['c', 20],
    ['omega', 40],
    ['3', 45],
    ['fish', 22],
    ['oil', 50],
    ['2000', 8],
    ['magnesium', 16],
    ['glycinate', 12],
    ['400', 14],
    ['coq10', 9],
    ['coq', 1],
    ['200', 20],
    ['whey', 4],
    ['protein', 12],
    ['isolate', 2],
    ['kids', 20],
    [normalizeSearchText('فيتامين'), 120],
    [normalizeSearchText('د3'), 39],
    [normalizeSearchText('وحدة'), 34],
    [normalizeSearchText('اوميغا'), 40],
    [normalizeSearchText('زيت'), 35],
    [normalizeSearchText('السمك'), 29],
    [normalizeSearchText('ملغ'), 190],
    [normalizeSearchText('زنك'), 61],
    ['50', 10],
    ['5000', 13],
  ]);
  const segment = (text: string) => segmentGlued(normalizeSearchText(text), vocab);

  it('reads words, numbers and units glued together, in both scripts', () => {
    expect(segment('vitamind31000iu')).toEqual(['vitamin', 'd3', '1000', 'iu']);
    expect(segment('VitaminD35000IU')).toEqual(['vitamin', 'd3', '5000', 'iu']);
    expect(segment('omega3fishoil2000mg')).toEqual(['omega', '3', 'fish', 'oil', '2000', 'mg']);
    expect(segment('magnesiumglycinate400mg')).toEqual(['magnesium', 'glycinate', '400', 'mg']);
    expect(segment('wheyproteinisolate')).toEqual(['whey', 'protein', 'isolate']);
    expect(segment('vitaminb121000mcg')).toEqual(['vitamin', 'b12', '1000', 'mcg']);
    // A word of the index that holds a number stays whole (coq10, not coq 10).
    expect(segment('coq10200mg')).toEqual(['coq10', '200', 'mg']);
    expect(segment('فيتاميند31000وحدة')).toEqual(['فيتامين', 'د3', '1000', 'وحده']);
    expect(segment('فيتاميند٣١٠٠٠')).toEqual(['فيتامين', 'د3', '1000']);
    // The article inside a glued name goes, as it does from an indexed word.
    expect(segment('اوميغا3زيتالسمك')).toEqual(['اوميغا', '3', 'زيت', 'سمك']);
    expect(segment('زنك50ملغ')).toEqual(['زنك', '50', 'ملغ']);
  });

  it('reads a vitamin letter only after a vitamin word, and connecting words as such', () => {
    expect(segment('vitaminc1000mg')).toEqual(['vitamin', 'c', '1000', 'mg']);
    expect(segment('fishoilforkids')).toEqual(['fish', 'oil', 'for', 'kids']);
    expect(segment('cfishoil')).toBeNull();
  });

  it('leaves out a number or unit the index does not hold, which could only find nothing', () => {
    expect(segment('vitamind37777iu')).toEqual(['vitamin', 'd3', 'iu']);
    expect(segment('omega3fishoil2000caps')).toBeNull(); // "caps" is no unit nor index word
    expect(segment('fishoil9999')).toEqual(['fish', 'oil']);
  });

  it('finds nothing where expandQuery has already read the word, or where a piece is unknown', () => {
    expect(segment('omega3')).toBeNull(); // a word and its number: expandQuery reads it both ways
    expect(segment('1000iu')).toBeNull(); // an amount and its unit, likewise
    expect(segment('coq10')).toBeNull(); // one index word
    expect(segment('vitaminxyz1000')).toBeNull();
    expect(segment('123456')).toBeNull();
  });

  it('looks up every piece of a glued word once, normalised as indexed, and only for such words', () => {
    const terms = gluedTerms('vitamind31000iu');
    for (const t of ['vitamin', 'd3', '1000', 'iu', 'vitamind3']) expect(terms).toContain(t);
    expect(new Set(terms).size).toBe(terms.length);
    expect(gluedTerms(normalizeSearchText('زيتالسمك'))).toContain('سمك');
    expect(gluedTerms('omega3fishoil')).toContain('3');
    expect(gluedTerms('omega3fishoil')).not.toContain('o');
    // Longer pieces than any index word are not asked for: a few hundred terms at most.
    expect(gluedTerms('a'.repeat(30)).length).toBeLessThanOrEqual(16);
    expect(gluedTerms('magnesiumglycinate400mgpowder1').length).toBeLessThan(350);
    expect(gluedTerms('x'.repeat(31))).toEqual([]);
    for (const word of ['zinc', '12345', 'fishزيت', 'd3']) expect(gluedTerms(word), word).toEqual([]);
  });

  it('turns the pieces into the groups of the words typed apart', () => {
    expect(segmentGroups(['vitamin', 'd3', '1000', 'iu'])).toEqual(expandQuery('vitamin d3 1000 iu'));
    expect(segmentGroups(['fish', 'oil', 'for', 'kids'])).toEqual(expandQuery('fish oil kids'));
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
