import { describe, expect, it } from 'vitest';
import { copyTogether, type HerRecord, jsonArrayAfter, partsFromRecord } from './her-record';

const card = (id: number, name = `P${id}`) => ({ id, slug: `p-${id}`, name });

describe("her record's reading of the kept copy", () => {
  it('reads the array after its marker whole, whatever brackets and quotes its strings hold', () => {
    const cards = [card(4, 'Omega [3] "fish" oil {1000}'), card(3, 'back\\slash ]')];
    const text = `window.__staticRouterHydrationData={"loaderData":{"p":{"purchase_together":${JSON.stringify(cards).replace(/</g, '\\u003c')},"also_bought":[]}}};`;
    expect(jsonArrayAfter(text, '"purchase_together":[')).toEqual(cards);
    // Cut short or absent: nothing, never a guess.
    expect(jsonArrayAfter(text.slice(0, text.indexOf('back')), '"purchase_together":[')).toBeNull();
    expect(jsonArrayAfter('{"other":[1]}', '"purchase_together":[')).toBeNull();
  });

  it("takes the product's id from its more-to-see place, and nothing from a copy without both", () => {
    const copy = `<div data-more-to-see="" data-except="12"></div><script>x={"purchase_together":[{"id":4}]}</script>`;
    expect(copyTogether(copy)).toEqual({ productId: 12, together: [{ id: 4 }] });
    expect(copyTogether('<div data-more-to-see=""></div>{"purchase_together":[]}')).toBeNull();
  });

  it('gives a product her subscriptions to it and her views but its own', () => {
    const record = {
      until: Date.now() + 60_000,
      versions: ['a'],
      subscriptions: [
        { product_id: 12, sku_id: 121, every: '1m', count: 1, next_date: '2026-12-20', status: 'active' },
        { product_id: 7, sku_id: 71, every: '2m', count: 1, next_date: '2026-12-21', status: 'paused' },
      ],
      viewed: [card(12), card(7), card(5)],
    } as unknown as HerRecord;
    const parts = partsFromRecord(record, 12, []);
    expect(parts.subscribed).toEqual([
      { sku_id: 121, every: '1m', count: 1, next_date: '2026-12-20', status: 'active' },
    ]);
    expect(parts.viewed.map((c: { id: number }) => c.id)).toEqual([7, 5]);
  });
});
