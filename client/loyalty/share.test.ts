import { describe, expect, it } from 'vitest';
import { whatsappShareUrl } from './share';

describe('whatsappShareUrl', () => {
  it('puts the whole text, link and Arabic included, in one encoded text parameter', () => {
    const url = whatsappShareUrl('خصم 2.000 د.ك برمزي AB23CD45: https://shop.test/ar/invite/AB23CD45?x=1&y=2');
    expect(url.startsWith('https://wa.me/?text=')).toBe(true);
    const parsed = new URL(url);
    expect([...parsed.searchParams.keys()]).toEqual(['text']);
    expect(parsed.searchParams.get('text')).toBe(
      'خصم 2.000 د.ك برمزي AB23CD45: https://shop.test/ar/invite/AB23CD45?x=1&y=2',
    );
  });
});
