import { describe, expect, it } from 'vitest';
import { editDistance, normalizeSearchText, searchTokens } from './normalize';

describe('search normalisation', () => {
  it('folds Arabic letter variants, tatweel and diacritics', () => {
    expect(normalizeSearchText('أوميغا')).toBe(normalizeSearchText('اوميغا'));
    expect(normalizeSearchText('إكسير آمن ٱلمعادن')).toBe('اكسير امن معادن');
    expect(normalizeSearchText('مكمّلات غذائيّة')).toBe('مكملات غذائيه');
    expect(normalizeSearchText('فيتامين سى')).toBe('فيتامين سي');
    // A keyboard set to Persian types ی and ک for ي and ك.
    expect(normalizeSearchText('فیتامین')).toBe(normalizeSearchText('فيتامين'));
    expect(normalizeSearchText('کالسیوم')).toBe(normalizeSearchText('كالسيوم'));
    expect(normalizeSearchText('کبسولھ')).toBe(normalizeSearchText('كبسولة'));
    expect(normalizeSearchText('كبســـولة')).toBe('كبسوله');
  });

  it('drops the definite article and its prefixed forms', () => {
    expect(normalizeSearchText('الزنك والبيوتين بالعسل للأطفال')).toBe('زنك بيوتين عسل اطفال');
    expect(normalizeSearchText('زيت السمك')).toBe('زيت سمك');
    // Too short to be an article: left alone.
    expect(normalizeSearchText('الم')).toBe('الم');
    // كال is a word's start, not "like the": calcium keeps its letters.
    expect(normalizeSearchText('كالسيوم')).toBe('كالسيوم');
  });

  it('turns Arabic-Indic digits into Latin digits', () => {
    expect(normalizeSearchText('فيتامين د٣ ١٠٠٠')).toBe('فيتامين د3 1000');
    expect(normalizeSearchText('۵۰۰')).toBe('500');
  });

  it('lower-cases Latin and strips accents and punctuation', () => {
    expect(normalizeSearchText('Crème  BRÛLÉE, Omega-3!')).toBe('creme brulee omega 3');
    expect(searchTokens('  Vitamin   D3 ')).toEqual(['vitamin', 'd3']);
  });

  it('measures edit distance with an early stop', () => {
    expect(editDistance('vitamin', 'vitamin')).toBe(0);
    expect(editDistance('vitamn', 'vitamin')).toBe(1);
    expect(editDistance('magnesium', 'magensium')).toBe(1);
    expect(editDistance('magnesium', 'mgaensium')).toBe(2);
    expect(editDistance('zinc', 'vitamin', 1)).toBe(2);
  });
});
