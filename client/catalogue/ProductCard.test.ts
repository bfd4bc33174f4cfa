import { describe, expect, it } from 'vitest';
import { cardName } from './ProductCard';

describe('cardName', () => {
  it('drops the brand the card already shows on its own line', () => {
    expect(cardName('Gulf Vital Vitamin D3 1000 IU Softgels', 'Gulf Vital')).toBe('Vitamin D3 1000 IU Softgels');
    expect(cardName('نخيل هيلث زيت السمك أوميغا 3', 'نخيل هيلث')).toBe('زيت السمك أوميغا 3');
    expect(cardName('gulf vital – Zinc', 'Gulf Vital')).toBe('Zinc');
  });

  it('keeps names that only look like the brand, or are nothing but it', () => {
    expect(cardName('Gulf Vitality Tea', 'Gulf Vital')).toBe('Gulf Vitality Tea');
    expect(cardName('Omega-3 Fish Oil', 'Beta Nutrition')).toBe('Omega-3 Fish Oil');
    expect(cardName('Gulf Vital', 'Gulf Vital')).toBe('Gulf Vital');
  });
});
