import { describe, expect, it } from 'vitest';
import type { BloodTestCard } from '#shared/blood-tests/catalogue-types';
import { suggestionOptions } from './suggestion-options';

const test = { id: 1, slug: 'vitamin-d-test', name: 'Vitamin D (25-OH) test' } as BloodTestCard;

describe('suggestion options', () => {
  it('list blood tests as their own kind after the products, with the answer’s currency', () => {
    const options = suggestionOptions('vitamin d', [], {
      products: [],
      brands: [{ id: 1, slug: 'alpha', name: 'Alpha' }],
      categories: [],
      blood_tests: [test],
      currency: 'SAR',
    });
    expect(options.map((o) => o.kind)).toEqual(['test', 'brand']);
    expect(options[0]).toMatchObject({ kind: 'test', key: 't:1', test, currency: 'SAR' });
  });

  it('work with an answer that has no blood tests', () => {
    expect(suggestionOptions('omega', [], { products: [], brands: [], categories: [] })).toEqual([]);
  });
});
